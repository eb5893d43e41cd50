// probe: setInterval(() => { for (;;); }, 0)
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: the endless loop runs inside the kernel's interval dispatch.
var __probe;
setInterval(function () { for (;;); }, 0);
__probe = { escaped: false, detail: 'the script returned; the interval spins' };
