// expect: syntax-error
var n = 017;
