// expect: above-level
// construct: ForOfStatement
// level: es5
for (var x of y) {}
