// expect: above-level
// construct: RegexFlagIndices
// level: es2021
var r = /a/d;
