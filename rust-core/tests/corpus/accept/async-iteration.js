// level: es2018
async function* src() { yield 1; yield 2; }
async function use() {
  for await (const x of src()) { console.log(x); }
  for await (var y of [Promise.resolve(1)]) {}
  for await (z of src()) {}
}
var o = { async *[Symbol.asyncIterator]() { yield* src(); } };
