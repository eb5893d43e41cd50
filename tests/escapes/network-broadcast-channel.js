// probe: new BroadcastChannel(name).postMessage(...): a channel to every context of the origin
// category: network
// applies: 2,3
// expect: stopped
// Why it could escape: other sandboxes (or the extension's pages) of the same origin would receive it.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-broadcast-channel.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var BC = typeof BroadcastChannel === 'function' ? BroadcastChannel : find('BroadcastChannel');
  if (typeof BC !== 'function') done(false, 'BroadcastChannel is absent');
  else { var ch = new BC('paranoid'); ch.postMessage({ from: 'probe' }); done(true, 'a BroadcastChannel message was sent'); ch.close(); }
} catch (e) {
  done(false, 'threw: ' + e);
}
