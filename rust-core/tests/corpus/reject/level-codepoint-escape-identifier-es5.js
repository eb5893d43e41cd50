// expect: above-level
// construct: CodePointEscape
// level: es5
// why: `\u{...}` in an identifier is ES2015 syntax too
var \u{61}bc = 1;
