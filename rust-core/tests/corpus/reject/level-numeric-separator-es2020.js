// expect: above-level
// construct: NumericSeparator
// level: es2020
var n = 1_000_000;
