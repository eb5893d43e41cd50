// construct: RegexUnicodeProperty
// expect: above-level
// level: es2017
var r = /\p{L}/u;
