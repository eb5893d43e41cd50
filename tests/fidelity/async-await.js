// fidelity: async functions with several awaits, Promise.all, try/catch of a rejection, and the order of interleaved async steps (result set after the awaits)
// expect: {"sum":6,"caught":"TypeError: nope","awaitedThenable":"thenable","order":["sync before","start a","sync after","after a","start b","start c","after b","after c"]}
var __result;
var order = [];
async function step(name, value) { order.push('start ' + name); await null; order.push('after ' + name); return value; }
async function failing() { await 0; throw new TypeError('nope'); }
async function main() {
  var a = await step('a', 1);
  var both = await Promise.all([step('b', 2), step('c', 3)]);
  var caught;
  try { await failing(); } catch (e) { caught = e.name + ': ' + e.message; }
  var awaitedThenable = await { then: function (resolve) { resolve('thenable'); } };
  return { sum: a + both[0] + both[1], caught: caught, awaitedThenable: awaitedThenable };
}
order.push('sync before');
main().then(function (r) { r.order = order; __result = r; });
order.push('sync after');
