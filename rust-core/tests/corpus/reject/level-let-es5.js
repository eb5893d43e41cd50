// expect: above-level
// construct: LetDeclaration
// level: es5
let x = 1;
