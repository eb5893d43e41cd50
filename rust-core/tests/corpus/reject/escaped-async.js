// expect: escaped-keyword
\u0061sync function f() {}
