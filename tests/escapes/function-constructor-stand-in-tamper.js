// probe: rewrite the Function stand-ins (defineProperty, delete, setPrototypeOf) and look behind them for the real constructor
// category: function-constructor
// applies: 1,2
// expect: stopped
// Why it could escape: a writable or configurable stand-in could be swapped, or could keep the real constructor in reach.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var hits = [];
var notes = [];
function attempt(label, make) {
  try {
    var fn = make();
    var r = typeof fn === 'function' ? fn() : fn;
    notes.push(label + ' -> ' + typeof r);
    if (capability(r)) hits.push(label + ' -> ' + capability(r));
  } catch (e) {
    notes.push(label + ' threw ' + e.name + ': ' + e.message);
  }
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
var protos = [Function.prototype, Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {})];
protos.forEach(function (p, i) {
  var before = p.constructor;
  try {
    var d = Object.getOwnPropertyDescriptor(p, 'constructor');
    notes.push(i + ' ' + (before && before.name) + ' writable=' + (d && d.writable) + ' configurable=' + (d && d.configurable));
  } catch (e) { notes.push(i + ' descriptor threw ' + e.name); }
  attempt(i + ' itself', function () { return before('return this'); });
  // anything hanging off the stand-in, or above it, that is itself a working constructor?
  var own = [];
  try { own = Reflect.ownKeys(before); } catch (e) { /* none */ }
  own.forEach(function (k) {
    var v;
    try { v = before[k]; } catch (e) { return; }
    if (typeof v === 'function' && v !== before) attempt(i + ' stand-in.' + String(k), function () { return v('return this'); });
  });
  try {
    var up = Object.getPrototypeOf(before);
    if (up && typeof up.constructor === 'function' && up.constructor !== before) attempt(i + ' proto.constructor', function () { return up.constructor('return this'); });
  } catch (e) { /* none */ }
  // then try to swap it (only the sandbox's own world would change, but a swap that works is worth knowing)
  try { p.constructor = function () { return 'replaced'; }; } catch (e) { notes.push(i + ' assign threw ' + e.name); }
  try { delete p.constructor; } catch (e) { notes.push(i + ' delete threw ' + e.name); }
  notes.push(i + ' unchanged: ' + (p.constructor === before));
});
finish();
