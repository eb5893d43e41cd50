// expect: syntax-error
var x;
delete x;
