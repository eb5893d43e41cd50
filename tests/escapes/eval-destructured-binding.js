// probe: const { eval } = globalThis, then eval('this') through the new binding
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: a shorthand pattern binds the name eval without ever writing eval(...) as a call of the global.
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
  const { eval } = globalThis;
  var g = typeof eval === 'function' ? eval('this') : undefined;
  __probe = { escaped: typeof eval === 'function', detail: 'destructured eval is ' + typeof eval + (g ? ', this has ' + (capability(g) || 'nothing') : '') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
