// expect: syntax-error
// at: 3:33
function f() { { class b {} var b; } }
