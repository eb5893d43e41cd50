// expect: above-level
// construct: PrivateMember
// level: es2021
class A { #x; }
