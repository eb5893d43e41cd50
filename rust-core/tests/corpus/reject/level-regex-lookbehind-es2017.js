// construct: RegexLookbehind
// expect: above-level
// level: es2017
// why: lookbehind assertions are ES2018 regex syntax
var r = /(?<=a)b/;
