// expect: syntax-error
var r = /abc
;
