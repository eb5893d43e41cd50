// expect: escaped-keyword
v\u0061r x;
