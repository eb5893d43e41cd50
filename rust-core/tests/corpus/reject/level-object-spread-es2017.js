// expect: above-level
// construct: ObjectSpread
// level: es2017
var o = { ...p };
