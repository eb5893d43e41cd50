// probe: class private fields, private methods, static private members and `#x in o` (also `#x in globalThis`), each holding a sloppy-looking `this`
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: private names are a syntax the rewrite must walk through; a `this` inside them must still not be the global.
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
  class Box {
    #plain = (function () { return this; })();
    #arrow = (() => this)();
    static #staticThis = this;
    #method() { return (function () { return this; })(); }
    static has(o) { return #plain in o; }
    static peek(o) { return [o.#plain, o.#arrow, o.#method(), Box.#staticThis]; }
  }
  var b = new Box();
  var seen = Box.peek(b);
  look('#plain', seen[0]);
  look('#arrow', seen[1]);
  look('#method', seen[2]);
  look('static #staticThis', seen[3]);
  notes.push('#plain in b: ' + Box.has(b));
  try { notes.push('#plain in globalThis: ' + Box.has(globalThis)); } catch (e) { notes.push('#plain in globalThis threw ' + e.name); }
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
