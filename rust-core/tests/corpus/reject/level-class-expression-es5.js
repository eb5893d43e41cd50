// expect: above-level
// construct: ClassExpression
// level: es5
var A = class {};
