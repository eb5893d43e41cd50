// probe: class X extends Function {}; new X('return this')(), and a subclass whose constructor tampers with the arguments
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: super() of a Function subclass runs CreateDynamicFunction; a stand-in that is not subclassable may fall back to the real one.
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
function attempt(label, make) {
  try {
    var fn = make();
    var r = typeof fn === 'function' ? fn() : fn;
    notes.push(label + ' -> ' + typeof r);
    if (capability(r)) hits.push(label + ' -> ' + capability(r));
  } catch (e) {
    notes.push(label + ' threw ' + e.name + ': ' + e.message);
  }
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
class X extends Function {}
class Y extends Function { constructor() { super('return this'); } }
attempt('new X', function () { return new X('return this'); });
attempt('new Y', function () { return new Y(); });
attempt('X instanceof check', function () { var f = new X('return 1'); notes.push('instanceof X: ' + (f instanceof X)); return f; });
attempt('comment body in subclass', function () { var f = new X('<!-- x\nreturn "unvetted"'); hits.push('a body with an HTML-like comment compiled: ' + f()); return f; });
finish();
