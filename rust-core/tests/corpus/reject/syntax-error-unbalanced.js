// expect: syntax-error
// at: 3:12
f(a, (b, c);
