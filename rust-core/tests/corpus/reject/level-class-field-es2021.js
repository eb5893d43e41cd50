// expect: above-level
// construct: ClassField
// level: es2021
class A { x = 1; }
