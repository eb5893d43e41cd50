// expect: syntax-error
var arguments = 1;
