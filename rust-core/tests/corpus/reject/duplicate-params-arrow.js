// expect: syntax-error
var f = (a, a) => 1;
