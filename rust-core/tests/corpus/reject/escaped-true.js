// expect: escaped-keyword
var t = \u0074rue;
