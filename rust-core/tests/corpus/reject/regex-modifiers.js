// construct: RegexModifiers
// expect: above-level
// level: es2024
// why: regex modifiers `(?i:...)` are ES2025
var r = /(?i:a)b/;
