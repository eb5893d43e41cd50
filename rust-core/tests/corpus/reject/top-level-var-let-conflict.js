// expect: syntax-error
// why: a var and a let of the same name at the top level is an early error
var c;
let c;
