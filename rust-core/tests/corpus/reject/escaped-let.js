// expect: escaped-keyword
l\u0065t x = 1;
