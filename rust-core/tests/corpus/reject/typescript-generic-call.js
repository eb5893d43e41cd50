// expect: syntax-error
var y = f<number>(1) as T;
