// expect: reserved-name
let __paranoid_x = 1;
