// probe: setTimeout(f, 10) after burning real time: the callback must see Date.now() exactly 10 ms later
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: if the virtual clock follows real lateness, the difference measures how long the page's code really ran.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var t0 = Date.now();
  setTimeout(function () {
    var delta = Date.now() - t0;
    __probe = { escaped: delta !== 10, detail: 'the 10 ms timer saw +' + delta + ' ms' };
  }, 10);
  spin(function () { return Date.now(); }, 100000);
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
