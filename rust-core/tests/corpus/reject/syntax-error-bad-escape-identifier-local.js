// expect: syntax-error
// why: `\u0031` decodes to a digit, which cannot start an identifier
function f() { var \u0031 = 2; return \u0031; }
