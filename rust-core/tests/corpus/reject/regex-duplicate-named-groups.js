// construct: RegexDuplicateNamedGroups
// expect: not-allowed
// why: duplicate named groups are ES2025, newer than the default ES2023
var r = /(?<y>a)|(?<y>b)/;
