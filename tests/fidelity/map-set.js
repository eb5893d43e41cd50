// fidelity: Map and Set: insertion order, SameValueZero (NaN, -0), object keys, deletion during iteration, WeakMap/WeakSet basics
// expect: {"mapKeys":["b","a","NaN","0","obj"],"nan":"nan","zero":"zero","obj":"object","size":5,"setValues":[3,2,4],"visited":[3,2,4],"weak":["weak",false,true],"entries":[[1,"x"]],"groupedByMap":[["odd",[1,3]],["even",[2,4]]]}
var __result;
__result = (function () {
  var key = {};
  var m = new Map([['b', 2], ['a', 1]]);
  m.set(NaN, 'nan').set(-0, 'zero').set(key, 'object');
  var s = new Set([3, 1, 3, 2, 1]);
  var visited = [];
  s.forEach(function (v) { visited.push(v); if (v === 3) { s.delete(1); s.add(4); } });
  var wm = new WeakMap([[key, 'weak']]);
  var ws = new WeakSet([key]);
  return {
    mapKeys: [...m.keys()].map(function (k) { return typeof k === 'object' ? 'obj' : String(k); }),
    nan: m.get(NaN), zero: m.get(0), obj: m.get(key), size: m.size,
    setValues: [...s], visited: visited,
    weak: [wm.get(key), wm.has({}), ws.has(key)],
    entries: Array.from(new Map([[1, 'x']])),
    groupedByMap: [...[1, 2, 3, 4].reduce(function (acc, n) { var k = n % 2 ? 'odd' : 'even'; acc.set(k, (acc.get(k) || []).concat(n)); return acc; }, new Map())],
  };
})();
