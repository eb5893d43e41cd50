// expect: syntax-error
// at: 3:25
for (let b of []) { var b; }
