// expect: syntax-error
var \u0031x = 1;
