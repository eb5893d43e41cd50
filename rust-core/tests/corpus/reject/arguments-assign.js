// expect: syntax-error
function f() { arguments = 1; }
