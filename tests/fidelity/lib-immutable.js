// fidelity: immutable (persistent collections): Map, List, setIn, updates, equality and conversion
// prelude: node_modules/immutable/dist/immutable.js
// expect: native
var __result = (function () {
  var m1 = Immutable.fromJS({ a: { b: [1, 2, 3] }, c: 'x' });
  var m2 = m1.setIn(['a', 'b', 1], 20).update('c', function (c) { return c + 'y'; });
  var list = Immutable.List([5, 3, 9]).push(1).sort().map(function (x) { return x * 2; });
  return { before: m1.toJS(), after: m2.toJS(), same: Immutable.is(m1, Immutable.fromJS({ a: { b: [1, 2, 3] }, c: 'x' })), list: list.toArray(), size: m2.getIn(['a', 'b']).size };
})();
