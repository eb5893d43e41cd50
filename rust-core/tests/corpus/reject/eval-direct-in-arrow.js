// expect: eval
// why: a direct eval inside any function would see its locals, which no stand-in can give
var f = (x) => eval("x");
