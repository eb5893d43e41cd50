// expect: syntax-error
// at: 3:49
switch (1) { case 1: let b; break; default: var b; }
