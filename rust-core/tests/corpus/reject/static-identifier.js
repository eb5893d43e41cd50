// expect: syntax-error
var static = 1;
