// probe: a counter thread over shared memory: SharedArrayBuffer, shared WebAssembly.Memory, and a Worker to count in
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a second thread incrementing a shared counter is a high-resolution clock no virtual Date can tame.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var notes = [];
  var sab = null;
  if (typeof SharedArrayBuffer === 'function') { try { sab = new SharedArrayBuffer(8); notes.push('SharedArrayBuffer works'); } catch (e) { notes.push('SharedArrayBuffer threw ' + e.name); } }
  else notes.push('no SharedArrayBuffer');
  if (!sab && typeof WebAssembly === 'object' && WebAssembly) {
    try { sab = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer; notes.push('shared wasm memory works'); } catch (e) { notes.push('shared wasm memory threw ' + e.name); }
  } else if (!sab) notes.push('no WebAssembly');
  var thread = typeof Worker === 'function' ? 'Worker' : typeof SharedWorker === 'function' ? 'SharedWorker' : '';
  notes.push(thread ? thread + ' is reachable' : 'no thread API');
  __probe = { escaped: !!sab && !!thread, detail: notes.join('; ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
