// expect: syntax-error
var r = /a/q;
