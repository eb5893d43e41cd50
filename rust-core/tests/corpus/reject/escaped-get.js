// expect: escaped-keyword
var o = { g\u0065t x() { return 1; } };
