// probe: the global found as sloppy code finds it: Function('return this')() called plainly, with call(null), apply(undefined), Reflect.apply, bound, from a nested function and an arrow inside the body
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: a function Function makes is sloppy in a browser, so its `this` for a plain call is the global object: the worker's real global if the stand-in handed over the engine's `this`.
// note: a function's `.constructor` is the function-constructor probes' matter (layers 1 and 2 replace it).
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
function look(label, make) {
  try {
    var v = make();
    if (capability(v)) hits.push(label + ' -> ' + capability(v));
    else notes.push(label + ' -> ' + (v === globalThis ? 'the sandbox global' : typeof v));
  } catch (e) {
    notes.push(label + ' threw ' + e.name);
  }
}
look('plain call', function () { return Function('return this')(); });
look('call(null)', function () { return Function('return this').call(null); });
look('apply(undefined)', function () { return Function('return this').apply(undefined, []); });
look('Reflect.apply', function () { return Reflect.apply(Function('return this'), undefined, []); });
look('bound to undefined', function () { return Function('return this').bind(undefined)(); });
look('nested function', function () { return Function('function inner() { return this; } return inner();')(); });
look('arrow in the body', function () { return Function('return (() => this)();')(); });
look('getter this', function () { return Function('return Object.getOwnPropertyDescriptor({ get x() { return this; } }, "x").get.call(undefined)')(); });
__probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
