// expect: syntax-error
var s = "\u{110000}";
