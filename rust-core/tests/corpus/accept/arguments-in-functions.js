// level: es5
function f() { return arguments.length + arguments[0]; }
var g = function () { return arguments; };
