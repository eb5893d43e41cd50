// probe: an endless loop in the text of an indirect eval, run from a timer
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: the eval stand-in transpiles and loads its text inside the calling turn; the loop must count against that turn's budget, so the watchdog kills the worker as for any loop.
var __probe;
setTimeout(function () { (0, eval)('for (;;) {}'); }, 0);
