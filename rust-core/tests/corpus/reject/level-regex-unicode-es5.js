// expect: above-level
// construct: RegexFlagUnicodeSticky
// level: es5
var r = /a/u;
