// expect: syntax-error
class A { static { arguments; } }
