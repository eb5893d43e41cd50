// probe: decorators: `@dec class C {}` and `@dec` on a method, the decorator reaching for the global
// category: newer-syntax
// applies: 3
// expect: stopped
// Why it could escape: decorators run code at class definition; an unsupported syntax passed through could run unvetted.
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
  function dec(value, context) { look('decorator this', this); look('plain call in decorator', (function () { return this; })()); return value; }
  @dec class C {
    @dec method() { return 1; }
  }
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
