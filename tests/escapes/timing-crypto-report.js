// probe: report which of crypto, crypto.getRandomValues, crypto.randomUUID and crypto.subtle are reachable (a report, never an escape)
// category: timing
// applies: 2,3
// expect: stopped
// Why it matters: crypto.subtle operations complete in real time and randomness is a fingerprinting question; this probe only reports.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var c = typeof crypto !== 'undefined' ? crypto : globalThis.crypto;
  var parts = ['crypto ' + typeof c];
  if (c) {
    parts.push('getRandomValues ' + typeof c.getRandomValues, 'randomUUID ' + typeof c.randomUUID, 'subtle ' + typeof c.subtle);
  }
  __probe = { escaped: false, detail: parts.join(', ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
