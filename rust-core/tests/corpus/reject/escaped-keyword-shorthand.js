// expect: escaped-keyword
// why: a shorthand property reads the identifier `if`, which an escape cannot make a name
var o = { \u0069f };
