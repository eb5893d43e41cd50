// expect: eval
// why: a shorthand pattern binds the name eval, which strict code forbids too
var { eval } = {};
