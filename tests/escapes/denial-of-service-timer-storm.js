// probe: a setTimeout(f, 0) storm: every callback re-arms itself four times
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: virtual time does not move, so timers pile up exponentially; the CPU budget must still catch it.
var __probe;
var fired = 0;
function storm() { fired++; for (var i = 0; i < 4; i++) setTimeout(storm, 0); }
setTimeout(storm, 0);
__probe = { escaped: false, detail: 'the script returned; the storm runs in timers' };
