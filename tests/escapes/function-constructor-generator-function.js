// probe: (function* () {}).constructor('yield this') and whether the function it makes yields the real global or runs unvetted code
// category: function-constructor
// applies: 1,2
// expect: stopped
// Why it could escape: this constructor is reachable from a function literal, without naming `Function`; unreplaced it is the real one.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var ctor;
function report(value) {
  var c = capability(value);
  var unvetted = '';
  try { ctor('<!-- x\n'); unvetted = 'a body with an HTML-like comment compiled'; } catch (e) { /* refused, as it must be */ }
  __probe = { escaped: c !== '' || unvetted !== '', detail: (c ? 'got ' + c : 'got ' + typeof value) + (unvetted ? '; ' + unvetted : '; comment body refused') + '; ctor is ' + (ctor === Function ? 'Function' : ctor && ctor.name) };
}
function fail(e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
try {
  ctor = (function* () {}).constructor;
  report(ctor('yield this')().next().value);
} catch (e) {
  fail(e);
}
