// expect: reserved-name
var g = __paranoid_global__;
