// probe: top-level await in a classic script: `await import(...)` and `await Promise.resolve(globalThis)`
// category: newer-syntax
// applies: 3
// expect: stopped
// Why it could escape: top-level await is module-only; a reader that accepted it would also accept what modules can do.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var hits = [];
var notes = [];
function look(label, v) {
  var c = capability(v);
  notes.push(label + ': ' + (v === globalThis ? 'globalThis' : typeof v));
  if (c) hits.push(label + ' -> ' + c);
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
try {
  var ns = await import('data:text/javascript,export default typeof importScripts');
  __probe = { escaped: true, detail: 'top-level await imported a module: ' + ns.default };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
