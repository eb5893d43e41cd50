// fidelity: a busy loop does not move Date.now() or new Date() (synchronous code takes no virtual time)
// expect: {"dateNow":0,"newDate":0,"sum":499999500000}
var __result;
const t0 = Date.now();
const d0 = new Date().getTime();
const sum = (function () { let s = 0; for (let i = 0; i < 1000000; i++) s += i; return s; })();
__result = { dateNow: Date.now() - t0, newDate: new Date().getTime() - d0, sum: sum };
