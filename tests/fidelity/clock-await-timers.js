// fidelity: awaiting promisified timers in an async function: 7 ms then 8 ms is exactly +15, and Date agrees with Date.now()
// expect: {"first":7,"second":15,"dateAgrees":true}
var __result;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  const t0 = Date.now();
  await sleep(7);
  const first = Date.now() - t0;
  await sleep(8);
  const second = Date.now() - t0;
  __result = { first: first, second: second, dateAgrees: new Date().getTime() === Date.now() };
})();
