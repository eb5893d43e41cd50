// expect: eval
\u0065val(1);
