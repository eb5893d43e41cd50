// expect: reserved-name
var __paranoid = 1;
