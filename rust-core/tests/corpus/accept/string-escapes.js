// level: es5
// output-includes: "A"
// output-excludes: \x41
var s = '\x41';
var t = "\u0042\t\n\r\v\f\b\0";
var u = 'line\
continuation';
