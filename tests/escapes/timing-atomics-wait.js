// probe: Atomics.wait with a timeout (a real sleep) and Atomics.waitAsync (a real-time promise) against Date.now()
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a promise that settles after real milliseconds, raced against virtual timers, measures real time.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var notes = [];
  var A = typeof Atomics !== 'undefined' ? Atomics : undefined;
  var S = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : undefined;
  if (!A || !S) {
    notes.push('Atomics ' + typeof A + ', SharedArrayBuffer ' + typeof S);
    try { if (A) A.wait(new Int32Array(4), 0, 0, 1); notes.push('wait on unshared memory did not throw'); } catch (e) { notes.push('wait on unshared memory threw ' + e.name); }
    __probe = { escaped: false, detail: notes.join('; ') };
  } else {
    var cell = new Int32Array(new S(16));
    var t0 = Date.now();
    var r = A.wait(cell, 0, 0, 5);
    var moved = Date.now() !== t0;
    notes.push('wait returned ' + r + ', Date.now() ' + (moved ? 'moved' : 'stood still'));
    var asyncClock = false;
    if (typeof A.waitAsync === 'function') {
      var w = A.waitAsync(cell, 0, 0, 5);
      asyncClock = !!(w && w.async);
      notes.push('waitAsync ' + (asyncClock ? 'gives a real-time promise' : 'settled at once'));
    }
    __probe = { escaped: moved || asyncClock, detail: notes.join('; ') };
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
