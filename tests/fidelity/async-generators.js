// fidelity: async generators consumed with for await, an async iterator protocol by hand, and the result set after the loop
// expect: {"got":[0,2,4],"fromManual":["m1","m2"],"fromSync":["p","q"],"first":{"value":0,"done":false},"early":{"value":"stop","done":true}}
var __result;
async function* ticks(n) { for (var i = 0; i < n; i++) { await null; yield i * 2; } }
var manual = {
  [Symbol.asyncIterator]() {
    var i = 0;
    return { next() { i++; return Promise.resolve({ value: 'm' + i, done: i > 2 }); } };
  },
};
(async function () {
  var got = [];
  for await (var v of ticks(3)) got.push(v);
  var fromManual = [];
  for await (var m of manual) fromManual.push(m);
  var fromSync = [];
  for await (var s of [Promise.resolve('p'), 'q']) fromSync.push(s);
  var it = ticks(2);
  var first = await it.next();
  var early = await it.return('stop');
  __result = { got: got, fromManual: fromManual, fromSync: fromSync, first: first, early: early };
})();
