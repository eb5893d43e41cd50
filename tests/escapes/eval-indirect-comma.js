// probe: (0, eval)('this'), the indirect global eval
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: indirect eval runs sloppy global code whose `this` is the real global.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
// An eval that works runs unvetted code; one that gives the real global is worse.
function judge(label, ev) {
  try {
    if (typeof ev !== 'function') { __probe = { escaped: false, detail: label + ': no eval function (' + typeof ev + ')' }; return; }
    var sum = ev('1 + 1');
    var g = ev('this');
    __probe = { escaped: sum === 2 || capability(g) !== '', detail: label + ': eval ran, 1 + 1 = ' + sum + ', this has ' + (capability(g) || 'nothing') };
  } catch (e) {
    __probe = { escaped: false, detail: label + ' threw: ' + e };
  }
}
try {
  judge('(0, eval)', function (src) { return (0, eval)(src); });
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
