// fidelity: acorn (a JavaScript parser, as bundlers use it): modern syntax parsed, locations, a syntax error's position
// prelude: node_modules/acorn/dist/acorn.js
// expect: native
var __result = (function () {
  var ast = acorn.parse('const {a, ...rest} = obj; class C { #p = 1; static m() { return this?.x ?? 0n; } }', { ecmaVersion: 2023, locations: true });
  var error;
  try { acorn.parse('let = ;', { ecmaVersion: 2023 }); } catch (e) { error = [e.name, e.pos]; }
  return { kinds: ast.body.map(function (n) { return n.type; }), end: ast.body[1].loc.end, error: error };
})();
