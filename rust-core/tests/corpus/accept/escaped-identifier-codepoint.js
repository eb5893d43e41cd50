// level: es2015
var \u{61}bc = 1;
