// fidelity: the async and generator function constructors reached from function literals: AsyncFunction('return 1'), GeneratorFunction('yield 1; yield 2'), AsyncGeneratorFunction (result set after awaits)
// expect: {"one":1,"awaited":42,"gen":[1,2],"agen":["x","y"],"names":["AsyncFunction","GeneratorFunction","AsyncGeneratorFunction"],"direct":true}
var __result;
var AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
var GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
var AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;
(async function () {
  var one = await AsyncFunction('return 1')();
  var awaited = await AsyncFunction('a', 'return await Promise.resolve(a * 2)')(21);
  var gen = [...GeneratorFunction('yield 1; yield 2')()];
  var agen = [];
  for await (var v of AsyncGeneratorFunction('yield "x"; yield await Promise.resolve("y")')()) agen.push(v);
  __result = {
    one: one, awaited: awaited, gen: gen, agen: agen,
    names: [AsyncFunction.name, GeneratorFunction.name, AsyncGeneratorFunction.name],
    direct: Object.getPrototypeOf(async () => {}).constructor === AsyncFunction,
  };
})();
