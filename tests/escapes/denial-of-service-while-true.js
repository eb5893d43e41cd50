// probe: while (true) {} at the top level
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: a synchronous endless loop never yields; only the watchdog killing the worker ends it.
var __probe;
while (true) {}
__probe = { escaped: false, detail: 'the loop ended, which it cannot' };
