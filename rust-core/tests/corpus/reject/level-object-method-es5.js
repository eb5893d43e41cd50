// expect: above-level
// construct: ObjectMethod
// level: es5
var o = { m() {} };
