// expect: escaped-keyword
\u0074his.x = 1;
