// expect: syntax-error
// at: 4:9
var ok = 1;
var x = ;
