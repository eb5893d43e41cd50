// expect: eval
// why: `(eval)(…)` is a direct eval too: the parentheses keep the reference (ECMA-262 §13.3.6.1)
(eval)("this");
