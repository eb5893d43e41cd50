// expect: above-level
// construct: NullishOperator
// level: es2019
var y = a ?? b;
