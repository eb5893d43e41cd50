// expect: with-statement
// at: 4:17
// why: a class body is strict code, a method in it too
class A { m() { with (o) { x; } } }
