// expect: eval
function f(s) { return eval(s); }
