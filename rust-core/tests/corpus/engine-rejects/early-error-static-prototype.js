// expect: syntax-error
class A { static prototype() {} }
