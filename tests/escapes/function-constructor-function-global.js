// probe: Function('return this')() and new Function('return globalThis')(), checking what comes back
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: the real Function compiles sloppy code whose `this` is the real global.
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
var bodies = ['return this', 'return globalThis', 'return self', 'return (function () { return this; })()', 'return typeof importScripts'];
for (var i = 0; i < bodies.length; i++) {
  try {
    var r = (i % 2 ? new Function(bodies[i]) : Function(bodies[i]))();
    notes.push(JSON.stringify(bodies[i]) + ' -> ' + typeof r);
    if (capability(r) || r === 'function') hits.push(bodies[i] + ' -> ' + (capability(r) || r));
  } catch (e) {
    notes.push(JSON.stringify(bodies[i]) + ' threw ' + e.name + ': ' + e.message);
  }
}
__probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
