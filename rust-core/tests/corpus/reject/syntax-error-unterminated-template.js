// expect: syntax-error
var t = `abc ${x}
