// expect: above-level
// construct: GeneratorFunction
// level: es5
function* g() {}
