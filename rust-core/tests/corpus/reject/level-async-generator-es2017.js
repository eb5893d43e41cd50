// expect: above-level
// construct: AsyncGeneratorFunction
// level: es2017
async function* g() {}
