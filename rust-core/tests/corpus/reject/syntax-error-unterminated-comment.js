// expect: syntax-error
var a = 1; /* never closed
