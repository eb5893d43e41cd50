// expect: above-level
// construct: CodePointEscape
// level: es5
var s = "\u{41}";
