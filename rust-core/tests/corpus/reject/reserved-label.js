// expect: reserved-name
__paranoid_x: for (;;) { break __paranoid_x; }
