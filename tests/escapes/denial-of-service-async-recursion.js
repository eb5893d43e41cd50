// probe: a recursive async loop: async function loop() { await null; return loop(); }
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: each await yields only to the microtask queue, which never empties; the promise chain grows too.
var __probe;
var depth = 0;
async function loop() { depth++; await null; return loop(); }
loop();
__probe = { escaped: false, detail: 'the script returned; the async recursion runs on' };
