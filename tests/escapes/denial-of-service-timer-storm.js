// probe: a setTimeout(f, 0) storm: every callback re-arms itself four times
// category: denial-of-service
// applies: -
// note: no layer alone. Layer 1 counts the turns the kernel runs; with layers 2 and 3 both off the worker's own timers run tasks it cannot see (its heartbeat only catches long tasks, and these are short). Layer 1 with either other layer kills it (checked with all layers).
// expect: killed
// Why it could hurt: virtual time does not move, so timers pile up exponentially; the CPU budget must still catch it.
var __probe;
var fired = 0;
function storm() { fired++; for (var i = 0; i < 4; i++) setTimeout(storm, 0); }
setTimeout(storm, 0);
__probe = { escaped: false, detail: 'the script returned; the storm runs in timers' };
