// fidelity: optional chaining on members, calls and computed keys, nullish coalescing and the logical assignment operators
// expect: {"deep":1,"call":"called","computed":{"c":1},"nullish":[0,"","d","d"],"or":["d","d"],"assigned":{"count":5,"name":"default","flag":"","other":"created"},"shortCircuit":0,"deleteOptional":true}
var __result;
__result = (function () {
  var o = { a: { b: { c: 1 } }, f: function () { return 'called'; }, zero: 0, empty: '', nul: null };
  var missing = null;
  var x = { count: 0, name: null, flag: '' };
  x.count ||= 5;
  x.name ??= 'default';
  x.flag &&= 'never';
  x.other ??= 'created';
  var calls = 0;
  var y = { v: 1 };
  y.v ??= (calls++, 2);
  return {
    deep: o?.a?.b?.c, missingDeep: missing?.a.b.c, call: o.f?.(), missingCall: o.nope?.(), computed: o?.['a']?.['b'],
    nullish: [o.zero ?? 'd', o.empty ?? 'd', o.nul ?? 'd', o.undef ?? 'd'],
    or: [o.zero || 'd', o.empty || 'd'],
    assigned: x, shortCircuit: calls,
    deleteOptional: delete missing?.a,
  };
})();
