// expect: above-level
// construct: ClassDeclaration
// level: es5
class A {}
