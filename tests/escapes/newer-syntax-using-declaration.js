// probe: a `using` declaration in a block, whose [Symbol.dispose] the engine calls when the block ends
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: syntax newer than the transpiler's level might be passed through unvetted, and dispose runs code at a block exit the vetter never saw.
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
  {
    using res = {
      [Symbol.dispose || Symbol.for('Symbol.dispose')]() {
        look('dispose this', this);
        look('plain call in dispose', (function () { return this; })());
        notes.push('importScripts in dispose: ' + typeof importScripts);
      },
    };
  }
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
