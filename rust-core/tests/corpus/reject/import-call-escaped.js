// expect: escaped-keyword
\u0069mport(x);
