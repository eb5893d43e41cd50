// expect: syntax-error
class A { m() { super(); } }
