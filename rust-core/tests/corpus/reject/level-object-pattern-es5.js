// expect: above-level
// construct: ObjectPattern
// level: es5
var { a } = b;
