// probe: `import defer * as ns from 'data:...'` (deferred module evaluation, a proposal) in a classic script
// category: newer-syntax
// applies: 3
// expect: stopped
// Why it could escape: a newer import form the vetter does not know might not be recognised as module syntax.
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
import defer * as ns from 'data:text/javascript,export default typeof importScripts';
try {
  __probe = { escaped: true, detail: 'import defer loaded a module: ' + ns.default };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
