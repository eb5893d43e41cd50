// expect: reserved-name
var o = { __paranoid_scope__ };
