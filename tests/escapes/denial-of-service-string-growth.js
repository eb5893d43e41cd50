// probe: a huge string growth loop: doubling strings, flattening them, and starting over when the engine refuses
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: memory and CPU grow until the engine or the watchdog gives up; the host page must stay responsive.
var __probe;
var keep = [];
for (;;) {
  var s = 'x';
  try {
    while (true) { s += s; if (s.length > 1 << 20) keep.push(s.charCodeAt(s.length - 1) + s.slice(1)); }
  } catch (e) {
    // RangeError (string too long) or out of memory: keep going
    keep = [];
  }
}
__probe = { escaped: false, detail: 'the growth loop ended, which it cannot' };
