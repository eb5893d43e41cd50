// expect: above-level
// construct: BigIntLiteral
// level: es2019
var n = 10n;
