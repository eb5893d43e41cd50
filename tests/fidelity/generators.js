// fidelity: generators: next values, return and throw, yield* delegation, spreading, and a generator as an iterator in for-of with break (return called)
// expect: {"steps":[{"value":0,"done":false},{"value":1,"done":false},{"value":2,"done":false},{"value":"done","done":true},{"done":true}],"spread":[0,1,"inner returned done"],"ret":{"value":"bye","done":true},"thrown":"boom","afterThrow":{"done":true},"cleaned":true,"fromArray":[0,1,2,3]}
var __result;
__result = (function () {
  function* count(n) { for (var i = 0; i < n; i++) yield i; return 'done'; }
  function* outer() { var r = yield* count(2); yield 'inner returned ' + r; }
  function* echo() { var got = []; try { while (true) got.push(yield got.length); } finally { got.push('finally'); } }
  var g = count(3);
  var steps = [g.next(), g.next(), g.next(), g.next(), g.next()];
  var e = echo();
  e.next();
  e.next('a');
  var ret = e.return('bye');
  var t = count(5);
  t.next();
  var thrown;
  try { t.throw(new Error('boom')); } catch (err) { thrown = err.message; }
  var cleaned = false;
  function* guarded() { try { yield 1; yield 2; } finally { cleaned = true; } }
  for (var v of guarded()) { if (v === 1) break; }
  return { steps: steps, spread: [...outer()], ret: ret, thrown: thrown, afterThrow: t.next(), cleaned: cleaned, fromArray: Array.from(count(4)) };
})();
