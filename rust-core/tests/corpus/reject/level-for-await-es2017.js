// expect: above-level
// construct: ForAwaitStatement
// level: es2017
async function f() { for await (const x of y) {} }
