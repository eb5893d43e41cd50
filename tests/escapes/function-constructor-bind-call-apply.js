// probe: Function.bind(null, 'return this')(), Function.call / Function.apply, and a bound constructor used with new
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: bound or called through Function.prototype, the stand-in might lose its vetting step.
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
attempt('bind', function () { return Function.bind(null, 'return this')(); });
attempt('new bound', function () { var B = Function.bind(null, 'return this'); return new B(); });
attempt('call', function () { return Function.call(null, 'return this'); });
attempt('apply', function () { return Function.apply(null, ['return this']); });
attempt('call.call', function () { return Function.call.call(Function, null, 'return this'); });
attempt('comment body via bind', function () { var f = Function.bind(null, '<!-- x\nreturn "unvetted"')(); hits.push('a body with an HTML-like comment compiled and returned ' + f); return f; });
finish();
