// Sandboxed: a clock. Its `Date` is the sandbox's fake clock: virtual time that only moves
// between tasks, coarse, so it cannot be used to time the CPU or the network.
const tick = () => paranoid.postMessage({ now: new Date().toISOString(), ms: Date.now() });
tick();
setInterval(tick, 1000);
