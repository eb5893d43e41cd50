// expect: not-allowed
// construct: RegexFlagOther
// why: the `v` flag is ES2024
var r = /[\p{L}--[a-z]]/v;
