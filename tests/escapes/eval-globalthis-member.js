// probe: globalThis.eval / self.eval / window.eval as a property (the name eval never appears as a binding)
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: a property read of the global reaches the worker's eval if the stand-in or the scrub missed it.
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
var found;
try { found = globalThis.eval || self.eval || window.eval; } catch (e) { found = undefined; }
judge('globalThis.eval', found);
