// expect: syntax-error
var a = <>x</>;
