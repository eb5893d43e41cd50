// probe: an endless promise chain: function f() { Promise.resolve().then(f); } f()
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: the microtask queue never drains, so the worker never returns to its event loop.
var __probe;
var turns = 0;
function f() { turns++; Promise.resolve().then(f); }
f();
__probe = { escaped: false, detail: 'the script returned; the microtask chain runs on' };
