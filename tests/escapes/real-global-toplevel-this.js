// probe: top-level `this` in a classic script, then its fetch / importScripts / postMessage
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: in a plain worker script, top-level `this` is the WorkerGlobalScope.
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
  var g = this;
  var found = capability(g);
  var kinds = [typeof g.fetch, typeof g.importScripts, typeof g.postMessage].join(',');
  __probe = { escaped: found !== '', detail: found ? 'top-level this has ' + found : 'top-level this has no capability (' + kinds + ')' };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
