// expect: above-level
// construct: TemplateLiteral
// level: es5
var s = `a`;
