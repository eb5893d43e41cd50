// expect: above-level
// construct: SuperProperty
// level: es5
var o = { m() { return super.x; } };
