// level: es2016
var n = 2 ** 10;
n **= 2;
var m = (-2) ** 2;
