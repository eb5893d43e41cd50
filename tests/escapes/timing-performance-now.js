// probe: performance.now() and performance.timeOrigin / getEntries: absent, or virtual and still during a busy loop
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: performance.now() is the high-resolution clock of choice for timing attacks.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  if (typeof performance === 'undefined' || performance === null) {
    __probe = { escaped: false, detail: 'performance is absent' };
  } else if (typeof performance.now !== 'function') {
    __probe = { escaped: false, detail: 'performance has no now()' };
  } else {
    var s = spin(function () { return performance.now(); }, 100000);
    var extra = [];
    if (typeof performance.timeOrigin === 'number') extra.push('timeOrigin ' + performance.timeOrigin);
    if (typeof performance.getEntries === 'function') extra.push(performance.getEntries().length + ' entries');
    __probe = { escaped: s.moved, detail: 'performance.now() ' + (s.moved ? 'moved' : 'stood still') + ' over ' + s.turns + ' turns' + (extra.length ? '; ' + extra.join('; ') : '') };
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
