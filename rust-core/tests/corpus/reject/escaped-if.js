// expect: escaped-keyword
\u0069f (a) {}
