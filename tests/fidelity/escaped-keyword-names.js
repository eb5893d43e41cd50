// fidelity: reserved words written with escapes where IdentifierName allows them (member names, keys, methods, class members), as test262's escaped-reserved-word tests write them
// expect: [1,2,"m",3,4,"d",5]
var __result;
var o = {};
o.\u0069n = 1;
var p = { \u0069f: 2, c\u006fntinue() { return 'm'; } };
class C { static \u0069f() { return 3; } \u0069n() { return 4; } get \u0064elete() { return 'd'; } }
var { \u0069f: renamed } = { if: 5 };
__result = [o.in, p.if, p.continue(), C.if(), new C().in(), new C().delete, renamed];
