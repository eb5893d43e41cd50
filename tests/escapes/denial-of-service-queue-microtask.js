// probe: an endless queueMicrotask chain that also allocates on every turn
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: like a promise chain, but through the kernel's queueMicrotask.
var __probe;
var keep = [];
function g() { keep.push({ n: keep.length }); if (keep.length > 1000) keep = []; queueMicrotask(g); }
queueMicrotask(g);
__probe = { escaped: false, detail: 'the script returned; the queueMicrotask chain runs on' };
