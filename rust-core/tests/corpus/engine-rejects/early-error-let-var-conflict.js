// expect: syntax-error
function f() { let b; var b; }
