// construct: RegexModifiers
// expect: not-allowed
// why: regex modifiers `(?i:...)` are ES2025, newer than the default ES2023
var r = /(?i:a)b/;
