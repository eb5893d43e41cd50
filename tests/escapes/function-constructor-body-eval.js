// probe: Function bodies that reach for eval: direct, indirect, escaped and as a parameter name
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: a body string is never seen by the script's own vetting, only by the stand-in's.
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
attempt('direct eval in body', function () { return Function('return eval("this")'); });
attempt('indirect eval in body', function () { return Function('return (0, eval)("this")'); });
attempt('escaped eval in body', function () { return Function('return \\u0065val("this")'); });
attempt('eval as parameter', function () { return Function('eval', 'return eval')(function () { return 1; }); });
// The eval a body finds may be the sandbox's stand-in, which vets its text; the real one would
// reach the transpiler's reserved names, bound on the worker's real global.
attempt('globalThis eval in body', function () {
  var f = Function('return globalThis["ev" + "al"]')();
  if (typeof f === 'function') {
    try { f('__paranoid_scope__'); hits.push('body found an eval that reaches __paranoid_scope__'); } catch (e) { if (!(e instanceof SyntaxError)) hits.push('body found an eval that threw ' + e); }
  }
  return undefined;
});
finish();
