// expect: syntax-error
// why: an invalid pattern is an early error; the output would not load
var r = /(/;
