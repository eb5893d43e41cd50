// probe: Function('a','b','/*','*/){return this') and other parameter strings that swallow the wrapper
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: if parameters are joined into the source before parsing, a comment can eat the `) {` between them.
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
attempt('comment across params', function () { return Function('a', 'b', '/*', '*/){return this'); });
attempt('close params early', function () { return Function('a) { return this }; (function (', 'return 1'); });
attempt('default parameter closes', function () { return Function('a = 1) { return this; }, function (b', 'return 2'); });
attempt('line comment param', function () { return Function('a //', ') { return this }; function x(', ''); });
attempt('param this default', function () { return Function('a = this', 'return a'); });
finish();
