// probe: walk Object.getPrototypeOf / __proto__ up from globalThis, reading every name on the way
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: WorkerGlobalScope.prototype and EventTarget.prototype hold methods that work on the real global.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
// With a page replica (a userscript given the page) the global's own `addEventListener` and
// `dispatchEvent` are the replica's window's: they take the replica's events, where the worker's
// would throw for an object that is not its own Event.
function replicaEvents() {
  if (typeof document !== 'object' || document === null) return false;
  try {
    var heard = false;
    globalThis.addEventListener('paranoid-probe', function () { heard = true; });
    globalThis.dispatchEvent(new Event('paranoid-probe'));
    return heard;
  } catch (e) { return false; }
}
try {
  var hits = [];
  var replicaOwn = replicaEvents();
  var chain = [];
  var starts = { getPrototypeOf: globalThis, selfProto: self };
  for (var s in starts) {
    var o = starts[s];
    for (var depth = 0; depth < 12 && o !== null && o !== undefined; depth++) {
      var keys = [];
      try { keys = Reflect.ownKeys(o); } catch (e) { chain.push(s + depth + ' ownKeys threw ' + e.name); }
      chain.push(s + depth + ':' + keys.length);
      if (capability(o)) hits.push(s + ' depth ' + depth + ' has ' + capability(o));
      for (var i = 0; i < keys.length; i++) {
        if (typeof keys[i] === 'string' && /^(addEventListener|dispatchEvent|importScripts|postMessage|close|fetch|onmessage)$/.test(keys[i])
          && !(depth === 0 && replicaOwn && /^(addEventListener|dispatchEvent)$/.test(keys[i]))) hits.push(s + ' depth ' + depth + ' own ' + keys[i]);
      }
      try { o = s === 'selfProto' ? o.__proto__ : Object.getPrototypeOf(o); } catch (e) { chain.push('proto threw ' + e.name); break; }
    }
  }
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + 'chain ' + chain.join(' ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
