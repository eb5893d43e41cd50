// expect: above-level
// construct: RestParameter
// level: es5
function f(a, ...rest) {}
