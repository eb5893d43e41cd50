// fidelity: Object helpers: keys order (integer keys first), entries/fromEntries, assign, freeze/seal, getOwnPropertyNames, hasOwn, structured defineProperties, __proto__ in literals
// expect: {"keys":["1","2","b","a"],"entries":[["x",1],["y",[2]]],"fromEntries":{"k":"v","n":1},"assign":{"0":"x","1":"y","a":1,"b":2},"frozenError":"TypeError","deepMutable":5,"sealed":[2,"TypeError",true],"protoLiteral":[true,true,["own"]],"hasOwn":[true,false],"defineProperties":[["a"],2],"names":["0","1","length"],"nullProto":null,"valuesOfString":["h","i"],"isChecks":[true,true,false]}
var __result;
__result = (function () {
  'use strict';
  var o = { b: 1, 2: 'two', a: 2, 1: 'one', [Symbol('s')]: 3 };
  var frozen = Object.freeze({ x: { y: 1 } });
  var frozenError;
  try { frozen.x = 2; frozenError = 'no error'; } catch (e) { frozenError = e.name; }
  frozen.x.y = 5;
  var sealed = Object.seal({ s: 1 });
  sealed.s = 2;
  var addError;
  try { sealed.t = 1; addError = 'no error'; } catch (e) { addError = e.name; }
  var proto = { inherited: true };
  var child = { __proto__: proto, own: 1 };
  var props = Object.defineProperties({}, { a: { value: 1, enumerable: true }, b: { value: 2 } });
  return {
    keys: Object.keys(o), entries: Object.entries({ x: 1, y: [2] }), fromEntries: Object.fromEntries([['k', 'v'], ['n', 1]]),
    assign: Object.assign({ a: 1 }, null, { b: 2 }, 'xy'), frozenError: frozenError, deepMutable: frozen.x.y, sealed: [sealed.s, addError, Object.isSealed(sealed)],
    protoLiteral: [Object.getPrototypeOf(child) === proto, child.inherited, Object.keys(child)], hasOwn: [Object.hasOwn(child, 'own'), Object.hasOwn(child, 'inherited')],
    defineProperties: [Object.keys(props), props.b], names: Object.getOwnPropertyNames('ab'), nullProto: Object.getPrototypeOf(Object.create(null)),
    valuesOfString: Object.values('hi'), isChecks: [Object.is(NaN, NaN), Object.isFrozen(1), Object.isExtensible(Object.preventExtensions({}))],
  };
})();
