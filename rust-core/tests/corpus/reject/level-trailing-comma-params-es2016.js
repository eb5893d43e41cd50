// construct: TrailingComma
// expect: above-level
// level: es2016
// why: trailing commas in parameter lists and calls are ES2017
function f(a, b,) {}
