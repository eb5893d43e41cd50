// probe: globalThis, self, window, frames, parent, top, self.self, window.window, globalThis.globalThis
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: in a worker `self` is the real WorkerGlobalScope, and an alias the kernel forgot would be too.
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
  var c = {
    globalThis: typeof globalThis !== 'undefined' ? globalThis : undefined,
    self: typeof self !== 'undefined' ? self : undefined,
    window: typeof window !== 'undefined' ? window : undefined,
    frames: typeof frames !== 'undefined' ? frames : undefined,
    parent: typeof parent !== 'undefined' ? parent : undefined,
    top: typeof top !== 'undefined' ? top : undefined,
    opener: typeof opener !== 'undefined' ? opener : undefined,
  };
  c['self.self'] = c.self && c.self.self;
  c['window.window'] = c.window && c.window.window;
  c['globalThis.globalThis'] = c.globalThis && c.globalThis.globalThis;
  c['globalThis.frames'] = c.globalThis && c.globalThis.frames;
  c['globalThis.parent'] = c.globalThis && c.globalThis.parent;
  var hits = [];
  var seen = [];
  for (var k in c) {
    seen.push(k + ':' + typeof c[k]);
    if (capability(c[k])) hits.push(k + ' -> ' + capability(c[k]));
  }
  __probe = { escaped: hits.length > 0, detail: hits.length ? hits.join('; ') : 'no alias is the real global (' + seen.join(' ') + ')' };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
