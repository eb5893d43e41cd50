// probe: (new Date).constructor, Date.prototype.constructor, Object.getPrototypeOf(new Date()).constructor: is any of them a real Date?
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a stand-in Date that shares the real Date.prototype leaves the real constructor one property away.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var now = Date.now();
  var ctors = {
    'new Date().constructor': new Date().constructor,
    'Date.prototype.constructor': Date.prototype.constructor,
    'getPrototypeOf(new Date()).constructor': Object.getPrototypeOf(new Date()).constructor,
  };
  var bad = [];
  var notes = [];
  for (var k in ctors) {
    var C = ctors[k];
    notes.push(k + (C === Date ? ' is Date' : ' is another function'));
    try { var t = new C().getTime(); if (t !== now) bad.push(k + ' constructs ' + (t - now) + ' ms off'); } catch (e) { notes.push(k + ' construct threw ' + e.name); }
    try { if (typeof C.now === 'function') { var s = spin(function () { return C.now(); }, 50000); if (s.moved || C.now() !== now) bad.push(k + '.now() is a real clock'); } } catch (e) { notes.push(k + '.now threw ' + e.name); }
  }
  __probe = { escaped: bad.length > 0, detail: (bad.length ? bad.join('; ') + ' | ' : '') + notes.join('; ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
