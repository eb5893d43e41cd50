// probe: for (;;); inside a function called from a timer callback
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: the loop starts only after the script returned, from the kernel's timer dispatch.
var __probe;
function spinForever() { for (;;); }
setTimeout(spinForever, 0);
__probe = { escaped: false, detail: 'the script returned; the endless loop starts in a timer' };
