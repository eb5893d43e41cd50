// expect: above-level
// construct: PrivateIn
// level: es2021
class A { #x; static has(o) { return #x in o; } }
