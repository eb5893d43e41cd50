// expect: escaped-keyword
var n = n\u0075ll;
