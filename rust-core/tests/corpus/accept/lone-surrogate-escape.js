// output-includes: \uD800
// why: a lone surrogate written as an escape is a valid string and must stay exactly that
var s = "\uD800";
