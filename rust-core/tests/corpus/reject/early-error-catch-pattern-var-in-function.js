// expect: syntax-error
// at: 3:50
function f() { try {} catch ({ e }) { if (1) var e; } }
