// expect: syntax-error
var let = 1;
