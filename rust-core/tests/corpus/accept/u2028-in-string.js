// output-includes: \u2028
// output-includes: \u2029
var s = "a b c";
var t = 'x ';
