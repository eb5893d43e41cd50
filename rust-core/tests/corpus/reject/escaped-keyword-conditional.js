// expect: escaped-keyword
// why: after `?` in an object's value the word is an expression, not a key
var o = { a: b ? \u0069f : c };
