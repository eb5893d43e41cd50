// why: the nesting pre-scan must read `/` as the parser does
var a = 4, b = 2, g = 1, i = 1;
var x = a / b / g;
var y = a++ / 2;
var z = (a) / 2 / i;
var r = /=/g.test("=");
if (x) /re/.test(y);
function f() {} /re/.test(x);
var o = { v: 1 } / 2;
var t = `${a}` / 2;
x = a
/b/g;
var c = [/[/]/, /\//];
