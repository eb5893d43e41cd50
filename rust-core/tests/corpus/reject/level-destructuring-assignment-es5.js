// expect: above-level
// construct: DestructuringAssignment
// level: es5
var a, b;
[a, b] = c;
