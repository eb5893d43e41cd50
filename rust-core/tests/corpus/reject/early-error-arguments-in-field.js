// expect: syntax-error
class A { x = arguments; }
