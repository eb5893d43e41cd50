// expect: above-level
// construct: ConstDeclaration
// level: es5
const x = 1;
