// expect: syntax-error
var f = function (a, b, a) {};
