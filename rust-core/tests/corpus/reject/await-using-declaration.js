// expect: syntax-error
async function g() { await using x = f(); }
