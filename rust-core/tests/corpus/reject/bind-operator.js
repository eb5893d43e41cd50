// expect: syntax-error
var y = o::f;
