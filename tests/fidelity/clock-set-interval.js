// fidelity: setInterval(f, 10) runs 3 times at +10, +20, +30, then clearInterval stops it (a later timer sees no 4th run)
// expect: {"runs":[10,20,30],"afterClear":3}
var __result;
const t0 = Date.now();
const runs = [];
const id = setInterval(() => {
  runs.push(Date.now() - t0);
  if (runs.length === 3) clearInterval(id);
}, 10);
setTimeout(() => { __result = { runs: runs, afterClear: runs.length }; }, 100);
