// fidelity: nested timers accumulate exact virtual time: a 15 ms timer set inside a 10 ms one fires at +25
// expect: {"outer":10,"inner":25}
var __result;
const t0 = Date.now();
setTimeout(() => {
  const outer = Date.now() - t0;
  setTimeout(() => { __result = { outer: outer, inner: Date.now() - t0 }; }, 15);
}, 10);
