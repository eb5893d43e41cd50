// expect: syntax-error
// why: U+200C may continue an identifier but not start one
var \u200Cx = 1;
