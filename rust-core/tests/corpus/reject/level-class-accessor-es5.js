// expect: above-level
// construct: ClassAccessor
// level: es5
var A = class { get x() { return 1; } };
