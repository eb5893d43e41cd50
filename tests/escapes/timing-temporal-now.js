// probe: Temporal?.Now.instant() / Temporal.Now.plainDateTimeISO() against Date.now() and across a busy loop
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: Temporal is a second clock API that a Date-only taming would miss.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var T = typeof Temporal !== 'undefined' ? Temporal : globalThis.Temporal;
  if (!T || !T.Now) {
    __probe = { escaped: false, detail: 'Temporal.Now is absent (' + typeof T + ')' };
  } else {
    var ms = function () { return Number(T.Now.instant().epochMilliseconds); };
    var s = spin(ms, 50000);
    var drift = ms() - Date.now();
    __probe = { escaped: s.moved || drift !== 0, detail: 'Temporal.Now ' + (s.moved ? 'moved' : 'stood still') + ' over ' + s.turns + ' turns, differs from Date.now() by ' + drift + ' ms' };
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
