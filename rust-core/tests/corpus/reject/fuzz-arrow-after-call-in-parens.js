// expect: syntax-error
var f = (a, a (a, a) => 1;
/* Found by the transpile fuzz target: swc 47 trips a debug assertion (parser/expr.rs:2769) on
   an arrow after a call inside a parenthesized list; release builds, as shipped, refuse it. */
