// expect: syntax-error
// at: 3:31
try {} catch ([e]) { for (var e of []); }
