// expect: not-allowed
var await = 1;
