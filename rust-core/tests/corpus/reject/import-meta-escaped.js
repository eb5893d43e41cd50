// expect: escaped-keyword
var u = import.m\u0065ta;
