// fidelity: the fake clock: a 10 ms timer sees Date.now() exactly 10 ms later
// expect: 10
var __result;
const t0 = Date.now();
setTimeout(() => { __result = Date.now() - t0; }, 10);
