// fidelity: closures over let in loops, block-scoped functions in strict code, shadowing, the temporal dead zone inside a function, IIFE counters
// expect: {"lets":[0,1,2],"vars":[3,3,3],"tdz":"ReferenceError","shadow":"outer","blockFn":"block","typeofInBlock":"undefined","counter":2}
var __result;
__result = (function () {
  'use strict';
  var fns = [];
  for (let i = 0; i < 3; i++) fns.push(function () { return i; });
  var varFns = [];
  for (var j = 0; j < 3; j++) varFns.push(function () { return j; });
  var tdz;
  try { (function () { tdz = typeof later; let later = 1; })(); } catch (e) { tdz = e.name; }
  var shadow = 'outer';
  { let shadow = 'inner'; }
  var blockFn;
  { function inBlock() { return 'block'; } blockFn = inBlock(); }
  var counter = (function () { var n = 0; return { inc: function () { return ++n; } }; })();
  counter.inc();
  return { lets: fns.map(function (f) { return f(); }), vars: varFns.map(function (f) { return f(); }), tdz: tdz, shadow: shadow, blockFn: blockFn, typeofInBlock: typeof inBlock, counter: counter.inc() };
})();
