// expect: above-level
// construct: BinaryOctalLiteral
// level: es5
var n = 0O17;
