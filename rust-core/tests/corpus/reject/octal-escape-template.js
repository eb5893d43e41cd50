// expect: syntax-error
var s = `\07`;
