// expect: syntax-error
class A { @dec m() {} }
