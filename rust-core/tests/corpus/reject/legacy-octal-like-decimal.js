// expect: syntax-error
var n = 08;
