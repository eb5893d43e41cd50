// expect: with-statement
// at: 4:32
// why: a class's heritage is strict code too
class A extends (function () { with (o) {} return Object; })() {}
