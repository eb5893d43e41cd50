// level: es5
// output-includes: abc
// output-excludes: \u0061bc
var \u0061bc = 1;
\u0061bc = \u0061bc + 1;
var o = { \u0061bc: 1 };
o.\u0061bc;
