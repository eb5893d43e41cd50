// expect: syntax-error
// why: V8 refuses the script before running any of it
function f() { let a; let a; }
