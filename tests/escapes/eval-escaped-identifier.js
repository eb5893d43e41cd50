// probe: \u0065val('this'): eval spelled with a unicode escape in the identifier
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: a vetter that compares raw source text instead of the decoded name would miss it.
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
  var sum = \u0065val('1 + 1');
  var g = \u0065val('this');
  __probe = { escaped: sum === 2 || capability(g) !== '', detail: 'escaped eval ran: ' + sum + ', this has ' + (capability(g) || 'nothing') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
