// fidelity: getters and setters in object literals, defineProperty accessors, inherited accessors and non-writable properties in strict code
// expect: {"c":100,"f":212,"log":["set 212","set 32"],"keys":["computed"],"ro":1,"writeError":"TypeError","childOwn":["_c"],"childC":0,"parentC":100,"setOnGetterOnly":"TypeError","descriptor":true}
var __result;
__result = (function () {
  'use strict';
  var log = [];
  var temp = {
    _c: 20,
    get f() { return this._c * 9 / 5 + 32; },
    set f(v) { log.push('set ' + v); this._c = (v - 32) * 5 / 9; },
  };
  temp.f = 212;
  var o = {};
  Object.defineProperty(o, 'ro', { value: 1, writable: false, enumerable: false });
  Object.defineProperty(o, 'computed', { get: function () { return 'computed'; }, enumerable: true });
  var writeError;
  try { o.ro = 2; writeError = 'no error'; } catch (e) { writeError = e.name; }
  var child = Object.create(temp);
  child.f = 32;
  var onlyGetter = { get g() { return 1; } };
  var setOnGetterOnly;
  try { onlyGetter.g = 2; setOnGetterOnly = 'no error'; } catch (e) { setOnGetterOnly = e.name; }
  return {
    c: temp._c, f: temp.f, log: log, keys: Object.keys(o), ro: o.ro, writeError: writeError,
    childOwn: Object.keys(child), childC: child._c, parentC: temp._c, setOnGetterOnly: setOnGetterOnly,
    descriptor: Object.getOwnPropertyDescriptor(temp, 'f').set !== undefined,
  };
})();
