// expect: above-level
// construct: ShorthandProperty
// level: es5
var o = { x };
