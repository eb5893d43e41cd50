// probe: new Date(), +new Date, Date() strings and Date.now() compared with each other before and after a busy loop
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a stand-in that tames Date.now but not the constructor (or the string form) still shows real time.
var __probe;
// Spins until clock() changes or maxTurns pass: at most a few ms of real time, enough for a real clock to tick.
function spin(clock, maxTurns) {
  var t = clock(), i = 0, x = 0;
  while (i < maxTurns && clock() === t) { x = (x * 31 + i) | 0; i++; }
  return { turns: i, moved: clock() !== t };
}
try {
  var now0 = Date.now();
  var readings = [new Date().getTime(), +new Date(), new Date().valueOf(), Date.prototype.getTime.call(new Date())];
  var s = spin(function () { return new Date().getTime(); }, 50000);
  var now1 = Date.now();
  readings.push(new Date().getTime());
  var bad = readings.filter(function (r) { return r !== now0; });
  var str = Date();
  var strSeconds = Date.parse(str);
  var expectSeconds = Math.floor(now1 / 1000) * 1000;
  __probe = {
    escaped: bad.length > 0 || s.moved || now1 !== now0 || strSeconds !== expectSeconds,
    detail: 'readings ' + (bad.length ? 'differ from Date.now(): ' + bad.map(function (r) { return r - now0; }).join(',') : 'all equal Date.now()') +
      '; new Date() ' + (s.moved ? 'moved' : 'stood still') + ' over ' + s.turns + ' turns; Date() string ' + (strSeconds === expectSeconds ? 'matches' : 'differs: ' + str),
  };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
