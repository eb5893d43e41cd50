// expect: syntax-error
// why: U+2028 is a line terminator
// at: 5:5
var a = 1; var = 2;
