// probe: `this` of a plain function call, with and without call/apply(undefined/null), and a bound one
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: sloppy functions called without a receiver get the global object as `this`.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
try {
  function plain() { return this; }
  var candidates = {
    call: plain(),
    callUndefined: plain.call(undefined),
    applyNull: plain.apply(null, []),
    bound: plain.bind(undefined)(),
    iife: (function () { return this; })(),
    reflect: Reflect.apply(plain, void 0, []),
    indirect: (0, plain)(),
  };
  var hits = [];
  var seen = [];
  for (var k in candidates) {
    var c = capability(candidates[k]);
    seen.push(k + ':' + typeof candidates[k]);
    if (c) hits.push(k + ' -> ' + c);
  }
  __probe = { escaped: hits.length > 0, detail: hits.length ? hits.join('; ') : 'no real global (' + seen.join(' ') + ')' };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
