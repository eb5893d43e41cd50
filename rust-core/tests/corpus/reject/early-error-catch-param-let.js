// expect: syntax-error
// at: 3:15
try {} catch (e) { let e; }
