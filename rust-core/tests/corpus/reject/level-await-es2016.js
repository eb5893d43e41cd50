// expect: above-level
// construct: AwaitExpression
// level: es2016
async function f() { await g(); }
