// probe: high-resolution timestamps of other APIs: new Event('x').timeStamp moving in a busy loop, MessageChannel events, AbortSignal.timeout firing before a timer due earlier or at other than its exact delay
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
  // Event is offered with its timeStamp on the virtual clock: a real one moves during a busy loop.
  if (typeof Event === 'function') {
    try {
      var s = spin(function () { return new Event('x').timeStamp; }, 100000);
      var here = new Event('x').timeStamp;
      if (s.moved) found.push('Event.timeStamp moved over ' + s.turns + ' turns');
      else if (typeof performance === 'object' && performance !== null && here !== performance.now()) found.push('Event.timeStamp ' + here + ' is not performance.now() ' + performance.now());
      else notes.push('Event.timeStamp stood still at ' + here);
    } catch (e) { notes.push('Event threw ' + e.name); }
  }
  if (typeof MessageChannel === 'function') found.push('MessageChannel');
  // requestAnimationFrame is offered on the virtual clock: timing-animation-frame.js checks it.
  if (typeof setImmediate === 'function') found.push('setImmediate');
  if (typeof scheduler === 'object' && scheduler) found.push('scheduler');
  var report = function () {
    __probe = { escaped: found.length > 0, detail: found.length ? 'real time sources: ' + found.join(', ') : 'no other time source' + (notes.length ? ' (' + notes.join('; ') + ')' : '') };
  };
  // AbortSignal.timeout is offered on the virtual clock: a real 1 ms timer has expired after a
  // busy loop and fires before a 0 ms timer set after the loop, or at a virtual time other than +1.
  if (typeof AbortSignal === 'function' && typeof AbortSignal.timeout === 'function') {
    var start = Date.now();
    var signal = AbortSignal.timeout(1);
    var abortedAt;
    signal.addEventListener('abort', function () { abortedAt = Date.now() - start; });
    for (var i = 0, x = 0; i < 2000000; i++) x = (x * 31 + i) | 0;
    setTimeout(function () {
      if (signal.aborted) found.push('AbortSignal.timeout(1) aborted before a 0 ms timer set after a busy loop');
      setTimeout(function () {
        if (abortedAt !== 1) found.push('AbortSignal.timeout(1) aborted at virtual +' + abortedAt);
        else notes.push('AbortSignal.timeout(1) aborted at virtual +1 exactly');
        report();
      }, 2);
    }, 0);
  } else {
    report();
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
