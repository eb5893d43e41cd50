// expect: eval
typeof eval;
