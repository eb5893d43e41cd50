// expect: above-level
// construct: StaticBlock
// level: es2021
class A { static { init(); } }
