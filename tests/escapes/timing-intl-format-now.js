// probe: Intl.DateTimeFormat#format() with no date (it formats "now"), to the millisecond, against Date.now() and across a busy loop
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: format() without an argument reads the engine's own clock unless Intl is tamed.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var f = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 3, hourCycle: 'h23', timeZone: 'UTC' });
  var implicit = f.format();
  var explicit = f.format(Date.now());
  var s = spin(function () { return f.format(); }, 2000);
  var later = f.format();
  var d = new Intl.DateTimeFormat().format();
  var dNow = new Intl.DateTimeFormat().format(Date.now());
  __probe = {
    escaped: implicit !== explicit || s.moved || later !== implicit || d !== dNow,
    detail: 'format() ' + implicit + ' vs format(Date.now()) ' + explicit + '; ' + (s.moved ? 'moved' : 'stood still') + ' over ' + s.turns + ' turns; default format ' + d + ' vs ' + dNow,
  };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
