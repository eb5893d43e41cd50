// probe: Date.now() read before and after a busy loop in synchronous code
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a Date.now() that moves during synchronous code is a real clock, the base of every timing attack.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var t0 = Date.now();
  var s = spin(function () { return Date.now(); }, 100000);
  var t1 = Date.now();
  __probe = { escaped: s.moved || t1 !== t0, detail: 'Date.now() ' + (t1 === t0 ? 'stood still' : 'moved by ' + (t1 - t0) + ' ms') + ' over ' + s.turns + ' turns' };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
