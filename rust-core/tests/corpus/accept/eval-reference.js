// why: eval as a value is the indirect-eval stand-in; a later call of the copy is indirect
// output-includes: __paranoid_scope__.e=__paranoid_scope__.eval
var e = eval;
e("1");
