// fidelity: esprima (a JavaScript parser): a script parsed to its tree and tokens
// prelude: node_modules/esprima/dist/esprima.js
// expect: native
var __result = (function () {
  var ast = esprima.parseScript('var answer = 6 * 7; function f(a, b = 2) { return a ** b; }', { range: true });
  return { types: ast.body.map(function (s) { return s.type; }), init: ast.body[0].declarations[0].init.operator, range: ast.body[1].range, tokens: esprima.tokenize('a += `x${1}`').length };
})();
