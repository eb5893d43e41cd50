// expect: eval
var o = { eval };
