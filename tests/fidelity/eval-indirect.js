// fidelity: a global (indirect) eval, as libraries use it: knockout's `(0, eval)('this')` for the global object, `window.eval(src)`, completion values, declarations that become globals, functions it defines, a nested eval, a refused text as a SyntaxError, and anything but a string returned as it is
// expect: [true,true,2,"w",null,3,"var from eval",42,"inner","outer","SyntaxError",true,"eval",1]
var __result;
var g = (0, eval)('this');
var completions = [
  (0, eval)('1; if (true) { 2; }'),
  window.eval('"w"'),
  (0, eval)('4; if (false) {}'),
  (0, eval)('try { 3 } finally { 99 }'),
];
(0, eval)('var fromEval = "var from eval"; function answer() { return 42; }');
var nested = (0, eval)('var innerValue = (0, eval)("\\"inner\\""); "outer"');
var refused;
try { (0, eval)('1 +'); } catch (e) { refused = e.name; }
var object = {};
__result = [
  g === globalThis,
  typeof g.Array === 'function',
  completions[0],
  completions[1],
  completions[2],
  completions[3],
  fromEval,
  answer(),
  innerValue,
  nested,
  refused,
  (0, eval)(object) === object,
  eval.name,
  eval.length,
];
