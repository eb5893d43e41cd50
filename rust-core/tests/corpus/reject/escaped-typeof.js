// expect: escaped-keyword
var t = typ\u0065of x;
