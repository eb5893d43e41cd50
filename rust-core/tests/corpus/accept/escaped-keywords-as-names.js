// why: IdentifierName allows reserved words written with escapes: member names, keys, methods and class members (test262's escaped-reserved-word tests); the output writes them plainly
// output-includes: .in=1
// output-includes: {continue(){return 1;},if:2}
// output-includes: static if(){}
var o = {};
o.\u0069n = 1;
o?.\u0069f;
var p = { c\u006fntinue() { return 1; }, \u0069f: 2 };
class C { \u0069n() {} static \u0069f() {} get \u0064elete() { return 3; } }
var { \u0069f: renamed } = p;
