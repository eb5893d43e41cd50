// probe: direct eval('this') and eval('1 + 1')
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: direct eval runs a string as code in the caller's scope, unvetted.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
try {
  var sum = eval('1 + 1');
  var g = eval('this');
  __probe = { escaped: sum === 2 || capability(g) !== '', detail: 'direct eval ran: ' + sum + ', this has ' + (capability(g) || 'nothing') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
