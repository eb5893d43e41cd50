// expect: eval
ev\u{61}l(1);
