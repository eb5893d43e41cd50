// probe: public class fields `x = this`, `f = () => this`, `static s = this` on a top-level class and on a class expression
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: field initialisers are functions without a visible `function` keyword; a rewrite taking their `this` for top-level `this` would leak the global (or the stand-in would be confused with it).
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
  class A { x = this; f = () => this; static s = this; static g = () => this; }
  var a = new A();
  look('field x', a.x === a ? undefined : a.x);
  look('field arrow', a.f() === a ? undefined : a.f());
  look('static s', A.s === A ? undefined : A.s);
  look('static arrow', A.g() === A ? undefined : A.g());
  var B = class { y = (function () { return this; })(); };
  look('class expression field plain call', new B().y);
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
