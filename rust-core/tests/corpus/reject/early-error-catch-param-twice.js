// expect: syntax-error
// at: 3:19
try {} catch ([e, e]) {}
