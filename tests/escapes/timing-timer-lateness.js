// probe: a chain of 0 ms and 1 ms timers, each callback burning real time: virtual time must advance by exactly the delays
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: counting how far the clock moved across busy callbacks measures real lateness.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var t0 = Date.now();
  var seen = [];
  var step = 0;
  function tick() {
    seen.push(Date.now() - t0);
    spin(function () { return Date.now(); }, 20000);
    step++;
    if (step < 6) setTimeout(tick, step % 2);
    else {
      var expected = '0,1,1,2,2,3';
      __probe = { escaped: seen.join(',') !== expected, detail: 'virtual times ' + seen.join(',') + ' (expected ' + expected + ')' };
    }
  }
  setTimeout(tick, 0);
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
