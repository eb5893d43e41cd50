// expect: above-level
// construct: ClassExtends
// level: es5
var A = class extends B {};
