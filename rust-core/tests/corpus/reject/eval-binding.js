// expect: eval
function f(eval) {}
