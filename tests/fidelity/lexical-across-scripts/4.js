// fidelity: script 4 of lexical-across-scripts: the state after script 3 was refused, and const/class still protected
// expect: {"seenInTwo":["number",2,"konst",42,"function"],"shared":2,"ranThree":"undefined","K":"konst","constWrite":true,"shapeStill":42}
var constWrite;
try { K = 'changed'; constWrite = 'no error'; } catch (e) { constWrite = e instanceof TypeError; }
var __result = {
  seenInTwo: seenInTwo,
  shared: shared,
  ranThree: typeof ranThree,
  K: K,
  constWrite: constWrite,
  shapeStill: new Shape().area(),
};
