// expect: syntax-error
var y = do { 1 };
