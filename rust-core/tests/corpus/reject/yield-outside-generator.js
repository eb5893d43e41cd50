// expect: syntax-error
function f() { yield 1; }
