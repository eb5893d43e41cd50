// construct: RegexDuplicateNamedGroups
// expect: above-level
// level: es2024
// why: duplicate named groups are ES2025
var r = /(?<y>a)|(?<y>b)/;
