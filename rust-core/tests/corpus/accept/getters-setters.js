// level: es5
var o = { get a() { return 1; }, set a(v) {}, get 'b c'() { return 2; }, set 1(v) {} };
Object.defineProperty(o, 'd', { get: function () { return 3; } });
