// expect: above-level
// construct: ClassConstructor
// level: es5
var A = class { constructor() {} };
