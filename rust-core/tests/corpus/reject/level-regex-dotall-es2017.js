// expect: above-level
// construct: RegexFlagDotAll
// level: es2017
var r = /a.b/s;
