// why: a shorthand property reads eval as a value, the indirect-eval stand-in
// output-includes: eval:__paranoid_scope__.eval
var o = { eval };
