// expect: syntax-error
class A { #x; #x; }
