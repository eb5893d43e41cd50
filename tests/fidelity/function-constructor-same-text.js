// fidelity: Function called again and again with the same text (as templating libraries do) gives a new function each time: distinct objects and prototypes, marks and freezing stay on one, every kind, and a generator or async function from a repeated text still runs
// expect: {"distinct":[true,true,true],"prototypes":true,"marked":[true,false],"frozen":[true,false],"results":[3,3,3],"kinds":["1,2","1,2"],"asyncResults":[7,7],"instance":[true,false],"names":["anonymous","anonymous"]}
var __result;
(function () {
  var make = function () { return Function('a', 'b', 'return a + b'); };
  var f1 = make(), f2 = make(), f3 = make();
  f1.mark = true;
  f1.prototype.inherited = true;
  var frozen = Object.freeze(make());
  var gens = [0, 1].map(function () { return (function* () {}).constructor('yield 1; yield 2'); });
  var asyncs = [0, 1].map(function () { return (async function () {}).constructor('x', 'return await x'); });
  Promise.all(asyncs.map(function (f) { return f(7); })).then(function (asyncResults) {
    __result = {
      distinct: [f1 !== f2, f2 !== f3, gens[0] !== gens[1]],
      prototypes: f1.prototype !== f2.prototype,
      marked: [f1.mark === true, 'mark' in f2],
      frozen: [Object.isFrozen(frozen), Object.isFrozen(make())],
      results: [f1(1, 2), f2(1, 2), frozen(1, 2)],
      kinds: gens.map(function (g) { return Array.from(g()).join(); }),
      asyncResults: asyncResults,
      instance: ['inherited' in new f1(), 'inherited' in new f2()],
      names: [f1.name, f3.name],
    };
  });
})();
