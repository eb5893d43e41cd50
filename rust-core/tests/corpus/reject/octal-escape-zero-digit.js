// expect: syntax-error
var s = "\00";
