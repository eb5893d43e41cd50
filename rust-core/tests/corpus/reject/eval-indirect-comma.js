// expect: eval
(0, eval)(1);
