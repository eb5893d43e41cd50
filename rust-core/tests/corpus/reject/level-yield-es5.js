// expect: above-level
// construct: YieldExpression
// level: es5
function* g() { yield 1; }
