// construct: RegexNamedGroup
// expect: above-level
// level: es2017
// why: named capture groups are ES2018 regex syntax
var r = /(?<year>[0-9]{4})/;
