// expect: syntax-error
var yield = 1;
