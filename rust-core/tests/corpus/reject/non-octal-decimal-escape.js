// expect: syntax-error
var s = "\8";
