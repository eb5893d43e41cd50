// probe: timers at 20 ms and 10 ms, the first one burning real time: virtual order 10 then 20, at exactly +10 and +20
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: timers that fire in real order, or whose clock absorbs the time a callback burned, leak real time.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var t0 = Date.now();
  var log = [];
  setTimeout(function () {
    log.push('20@' + (Date.now() - t0));
    var ok = log.join(',') === '10@10,20@20';
    __probe = { escaped: !ok, detail: 'fired ' + log.join(',') };
  }, 20);
  setTimeout(function () {
    log.push('10@' + (Date.now() - t0));
    spin(function () { return Date.now(); }, 100000);
  }, 10);
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
