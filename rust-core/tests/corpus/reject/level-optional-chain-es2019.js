// expect: above-level
// construct: OptionalChain
// level: es2019
var y = o?.x;
