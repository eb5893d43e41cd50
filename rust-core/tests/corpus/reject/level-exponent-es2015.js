// expect: above-level
// construct: ExponentOperator
// level: es2015
var n = 2 ** 10;
