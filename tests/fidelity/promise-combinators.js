// fidelity: Promise.all/allSettled/any/race with already-settled inputs, then-chain values, finally pass-through, and the microtask order of reactions
// expect: {"results":[["fulfilled:1","rejected:no","fulfilled:3"],"any","AggregateError 1","race","finally passed 1","caught 20","adopted"],"log":["a1","b1","a2","b2"]}
var __result;
var log = [];
Promise.resolve().then(function () { log.push('a1'); }).then(function () { log.push('a2'); });
Promise.resolve().then(function () { log.push('b1'); }).then(function () { log.push('b2'); });
Promise.all([
  Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('no')), 3]).then(function (r) { return r.map(function (x) { return x.status + ':' + (x.value || x.reason.message); }); }),
  Promise.any([Promise.reject(1), Promise.resolve('any')]),
  Promise.any([Promise.reject(new Error('x'))]).catch(function (e) { return e.constructor.name + ' ' + e.errors.length; }),
  Promise.race([new Promise(function () {}), Promise.resolve('race')]),
  Promise.resolve(1).finally(function () { return 'ignored'; }).then(function (v) { return 'finally passed ' + v; }),
  Promise.resolve(1).then(function (v) { return v + 1; }).then(function (v) { throw v * 10; }).catch(function (v) { return 'caught ' + v; }),
  new Promise(function (resolve) { resolve(Promise.resolve('adopted')); }),
]).then(function (results) { __result = { results: results, log: log }; });
