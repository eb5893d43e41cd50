// expect: syntax-error
l: function f() {}
