// probe: high-resolution timestamps of other APIs: new Event('x').timeStamp, MessageChannel events, AbortSignal.timeout
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: every Event carries a real high-resolution timeStamp, and AbortSignal.timeout is a real timer.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var found = [];
  var notes = [];
  if (typeof Event === 'function') { try { var e1 = new Event('x'); found.push('Event.timeStamp ' + e1.timeStamp); } catch (e) { notes.push('Event threw ' + e.name); } }
  if (typeof MessageChannel === 'function') found.push('MessageChannel');
  if (typeof AbortSignal === 'function' && typeof AbortSignal.timeout === 'function') found.push('AbortSignal.timeout');
  // requestAnimationFrame is offered on the virtual clock: timing-animation-frame.js checks it.
  if (typeof setImmediate === 'function') found.push('setImmediate');
  if (typeof scheduler === 'object' && scheduler) found.push('scheduler');
  __probe = { escaped: found.length > 0, detail: found.length ? 'real time sources: ' + found.join(', ') : 'no other time source' + (notes.length ? ' (' + notes.join('; ') + ')' : '') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
