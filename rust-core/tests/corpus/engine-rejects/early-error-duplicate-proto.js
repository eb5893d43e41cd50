// expect: syntax-error
var o = { __proto__: null, __proto__: null };
