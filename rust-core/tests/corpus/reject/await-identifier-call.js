// expect: not-allowed
// why: `await(x)` at the top of a classic script is a call of a variable named await
await(x);
