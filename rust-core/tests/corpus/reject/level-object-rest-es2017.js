// expect: above-level
// construct: ObjectRestPattern
// level: es2017
var { a, ...rest } = o;
