// expect: above-level
// construct: ClassMethod
// level: es5
var A = class { m() {} };
