// probe: Reflect.construct(Date, []), Reflect.construct(Date, [], Other) and class D extends Date {} against Date.now()
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a stand-in Date that handles only `new Date()` may let other construct paths reach the real [[Construct]].
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var now = Date.now();
  class D extends Date {}
  function Other() {}
  var getTime = Date.prototype.getTime;
  var made = {
    'Reflect.construct(Date, [])': function () { return Reflect.construct(Date, []); },
    'Reflect.construct(Date, [], Other)': function () { return Reflect.construct(Date, [], Other); },
    'new D()': function () { return new D(); },
    'Reflect.construct(D, [])': function () { return Reflect.construct(D, []); },
    'Date.bind(null)': function () { var B = Date.bind(null); return new B(); },
  };
  var bad = [];
  var notes = [];
  spin(function () { return Date.now(); }, 50000);
  for (var k in made) {
    try {
      var t = getTime.call(made[k]());
      notes.push(k + ' ' + (t === now ? 'ok' : (t - now) + ' ms off'));
      if (t !== now) bad.push(k);
    } catch (e) { notes.push(k + ' threw ' + e.name); }
  }
  __probe = { escaped: bad.length > 0, detail: notes.join('; ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
