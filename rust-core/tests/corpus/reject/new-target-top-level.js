// expect: syntax-error
var t = new.target;
