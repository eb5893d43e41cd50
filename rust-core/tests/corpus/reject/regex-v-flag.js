// expect: above-level
// construct: RegexFlagUnicodeSets
// level: es2023
// why: the `v` flag is ES2024
var r = /[\p{L}--[a-z]]/v;
