// probe: a body object whose toString answers a harmless body first and 'return this' or a body with an HTML-like comment on later calls
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: if the stand-in converts its arguments more than once (vet one string, load another), the second can be unvetted.
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
function shifty(first, later) {
  var calls = 0;
  return { toString: function () { calls++; return calls === 1 ? first : later; }, calls: function () { return calls; } };
}
var a = shifty('return 1', 'return this');
attempt('toString twice (this)', function () { return Function(a); });
notes.push('toString calls: ' + a.calls());
var b = shifty('return 1', '<!-- x\nreturn "unvetted"');
attempt('toString twice (comment)', function () { var f = Function(b); var r = f(); if (r === 'unvetted') hits.push('a body with an HTML-like comment ran'); return r; });
var c = shifty('x', 'x) { return this }, function (y');
attempt('param toString twice', function () { return Function(c, 'return 1'); });
var d = { valueOf: function () { return 'return 1'; }, toString: function () { return 'return this'; } };
attempt('valueOf vs toString', function () { return Function(d); });
var e = { [Symbol.toPrimitive]: function () { return 'return this'; } };
attempt('toPrimitive', function () { return Function(e); });
finish();
