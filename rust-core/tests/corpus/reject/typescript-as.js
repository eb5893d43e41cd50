// expect: syntax-error
var y = x as any;
