// fidelity: queueMicrotask and promise reactions run before any timer, in the order they were queued; microtasks queued by a timer run before the next timer
// expect: ["sync","micro 1","promise","micro 2","timer 1","micro from timer 1","timer 2"]
var __result;
const log = [];
setTimeout(() => {
  log.push('timer 1');
  queueMicrotask(() => log.push('micro from timer 1'));
}, 0);
setTimeout(() => { log.push('timer 2'); __result = log; }, 0);
queueMicrotask(() => log.push('micro 1'));
Promise.resolve().then(() => log.push('promise'));
queueMicrotask(() => log.push('micro 2'));
log.push('sync');
