// expect: reserved-name
var __paranoid_x = 1;
