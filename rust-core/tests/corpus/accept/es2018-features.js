// level: es2018
async function* ag() { yield 1; for await (const x of ag()) { yield x; } }
var o = { ...p, a: 1 };
var { a, ...rest } = o;
var re = /a.b/s;
var k = { async *m() {} };
