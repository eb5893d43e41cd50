// fidelity: qs (query strings with nesting): parsing nested objects and arrays, and stringifying back
// prelude: node_modules/qs/dist/qs.js
// expect: native
var __result = (function () {
  var parsed = Qs.parse('a[b][c]=1&list[]=x&list[]=y&flag&e=%20sp');
  return { parsed: parsed, back: Qs.stringify({ a: { b: [1, 2] }, s: 'x y' }, { encodeValuesOnly: true }), arrays: Qs.stringify({ a: [1, 2] }, { arrayFormat: 'brackets' }) };
})();
