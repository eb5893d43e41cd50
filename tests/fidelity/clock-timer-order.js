// fidelity: two timers set for 20 ms and 10 ms fire in virtual-time order (10 first), each at its exact time
// expect: {"order":["10 ms","20 ms"],"at":[10,20]}
var __result;
const t0 = Date.now();
const order = [];
const at = [];
setTimeout(() => { order.push('20 ms'); at.push(Date.now() - t0); __result = { order: order, at: at }; }, 20);
setTimeout(() => { order.push('10 ms'); at.push(Date.now() - t0); }, 10);
