// expect: above-level
// construct: DefaultParameter
// level: es5
function f(a, b) {}
function g(a, b = 1) {}
