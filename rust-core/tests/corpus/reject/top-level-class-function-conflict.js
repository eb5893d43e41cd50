// expect: syntax-error
// why: a class and a function of the same name at the top level is an early error
function K() {}
class K {}
