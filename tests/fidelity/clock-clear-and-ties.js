// fidelity: clearTimeout cancels a pending timer, equal delays fire in the order they were set, a negative or missing delay counts as 0 (so those fire first), the timer ids are positive and distinct
// expect: {"fired":["neg","none","a","b","c"],"idsOk":true}
var __result;
const fired = [];
const ids = [];
ids.push(setTimeout(() => fired.push('a'), 5));
ids.push(setTimeout(() => fired.push('cancelled'), 5));
ids.push(setTimeout(() => fired.push('b'), 5));
ids.push(setTimeout(() => fired.push('c'), 5));
clearTimeout(ids[1]);
ids.push(setTimeout(() => fired.push('neg'), -10));
ids.push(setTimeout(() => fired.push('none')));
setTimeout(() => {
  __result = { fired: fired, idsOk: ids.every((id) => id > 0) && new Set(ids).size === ids.length };
}, 50);
