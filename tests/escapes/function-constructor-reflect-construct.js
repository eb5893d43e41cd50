// probe: Reflect.construct(Function, ['return this']) and with a foreign newTarget
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: a stand-in that only handles plain calls might forward Reflect.construct to the real constructor.
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
attempt('Reflect.construct(Function)', function () { return Reflect.construct(Function, ['return this']); });
attempt('newTarget Object', function () { return Reflect.construct(Function, ['return this'], Object); });
attempt('newTarget arrow-less class', function () { return Reflect.construct(Function, ['return this'], class {}); });
attempt('Reflect.apply(Function)', function () { return Reflect.apply(Function, undefined, ['return this']); });
finish();
