// expect: syntax-error
// level: es2026
// why: `await using` only in async code
function g() { await using x = f(); }
