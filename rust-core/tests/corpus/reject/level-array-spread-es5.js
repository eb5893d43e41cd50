// expect: above-level
// construct: ArraySpread
// level: es5
var a = [1, ...b];
