// expect: escaped-keyword
class A { st\u0061tic m() {} }
