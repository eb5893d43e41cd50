// level: es2015
function* g(a) { var x = yield a; yield* g(x); return x; }
var ge = function* () { yield; };
var o = { *m() { yield 1; } };
class K { *m() { yield this; } static *s() {} }
