// expect: above-level
// construct: ComputedKey
// level: es5
var o = { [k]: 1 };
