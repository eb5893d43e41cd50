// expect: above-level
// construct: ExponentAssignment
// level: es2015
var n = 2;
n **= 10;
