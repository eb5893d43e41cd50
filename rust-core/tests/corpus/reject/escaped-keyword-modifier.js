// expect: escaped-keyword
// why: `async` written with escapes is no modifier; an engine that took it as one would run other code than was vetted
var o = { \u0061sync f() {} };
