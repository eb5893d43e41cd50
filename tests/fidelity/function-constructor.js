// fidelity: the Function constructor with plain bodies: Function('a','return a+1')(1), a body using a built-in, new Function with two parameters, a parameter list in one string, length, name and an empty Function()
// expect: {"add1":2,"builtin":2,"mul":12,"joined":6,"withDefault":4,"length":[1,2,0],"name":"anonymous","isFunction":true,"closureFree":"undefined","arguments":3}
var __result;
__result = (function () {
  var add1 = Function('a', 'return a+1');
  var mul = new Function('a', 'b', 'return a*b');
  var joined = Function('a, b', 'c', 'return a + b + c');
  var withDefault = Function('a = 2', '...rest', 'return a * rest.length');
  var closureFree = Function('return typeof add1');
  return {
    add1: add1(1), builtin: Function('return Math.max(1,2)')(), mul: mul(3, 4), joined: joined(1, 2, 3), withDefault: withDefault(undefined, 'x', 'y'),
    length: [add1.length, mul.length, withDefault.length], name: add1.name, empty: Function()(),
    isFunction: add1 instanceof Function, closureFree: closureFree(),
    arguments: Function('return arguments.length')(1, 2, 3),
  };
})();
