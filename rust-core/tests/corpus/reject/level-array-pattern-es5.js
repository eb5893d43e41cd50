// expect: above-level
// construct: ArrayPattern
// level: es5
var [a] = b;
