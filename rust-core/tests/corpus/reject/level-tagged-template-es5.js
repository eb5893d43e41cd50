// expect: above-level
// construct: TaggedTemplate
// level: es5
f`a`;
