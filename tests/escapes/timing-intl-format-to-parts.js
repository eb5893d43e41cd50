// probe: new Intl.DateTimeFormat('en', { timeStyle: 'full' }).formatToParts() (no date) against formatToParts(Date.now())
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: formatToParts() and the timeStyle path are separate entry points that a tamed format() might not cover.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var f = new Intl.DateTimeFormat('en', { timeStyle: 'full', timeZone: 'UTC' });
  function join(parts) { return parts.map(function (p) { return p.value; }).join(''); }
  var implicit = join(f.formatToParts());
  var explicit = join(f.formatToParts(Date.now()));
  var ms = new Intl.DateTimeFormat('en', { second: 'numeric', fractionalSecondDigits: 3, timeZone: 'UTC' });
  var msImplicit = join(ms.formatToParts());
  var s = spin(function () { return join(ms.formatToParts()); }, 2000);
  var msExplicit = join(ms.formatToParts(Date.now()));
  var zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  __probe = {
    escaped: implicit !== explicit || msImplicit !== msExplicit || s.moved,
    detail: 'timeStyle full: ' + implicit + ' vs ' + explicit + '; ms parts ' + msImplicit + ' vs ' + msExplicit + ' (' + (s.moved ? 'moved' : 'still') + ' over ' + s.turns + ' turns); time zone ' + zone,
  };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
