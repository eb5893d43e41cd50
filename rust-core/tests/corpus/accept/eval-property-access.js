// output-includes: .eval(
// why: `eval` as a property name is not the eval binding
window.eval("1");
obj.eval;
obj.eval = 1;
var o = { eval: 1, "eval": 2 };
class A { eval() {} static eval = 1; }
o?.eval;
