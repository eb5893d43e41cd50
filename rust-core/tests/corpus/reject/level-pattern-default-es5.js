// expect: above-level
// construct: PatternDefault
// level: es5
function f(o) { var x; [x = 1] = o; }
