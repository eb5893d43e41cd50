// probe: `super` in an object literal method whose [[Prototype]] is set to globalThis (or its prototype): super.importScripts, super.constructor
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: super.x reads through the home object's prototype; a prototype that is (or leads to) the real global would hand its properties out.
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
  var o = {
    names() { return [typeof super.importScripts, typeof super.postMessage, typeof super.fetch].join(','); },
    ctor() { return super.constructor; },
    self() { return super.self; },
  };
  var protos = { globalThis: globalThis, 'getPrototypeOf(globalThis)': Object.getPrototypeOf(globalThis) };
  for (var k in protos) {
    if (protos[k] === null) { notes.push(k + ' is null'); continue; }
    try {
      Object.setPrototypeOf(o, protos[k]);
      var n = o.names();
      if (n !== 'undefined,undefined,undefined') hits.push('super over ' + k + ' sees ' + n);
      look('super.self over ' + k, o.self());
      var C = o.ctor();
      if (typeof C === 'function') { try { look('super.constructor("return this") over ' + k, C('return this')()); } catch (e) { notes.push('super.constructor threw ' + e.name); } }
    } catch (e) { notes.push('super over ' + k + ' threw ' + e.name); }
  }
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
