// expect: syntax-error
var implements = 1;
