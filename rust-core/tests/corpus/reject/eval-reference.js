// expect: eval
// why: even a bare reference could be called later
var e = eval;
