// expect: above-level
// construct: AsyncFunction
// level: es2016
async function f() {}
