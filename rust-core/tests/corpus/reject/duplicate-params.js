// expect: syntax-error
function f(a, a) {}
