// probe: new WebSocket(ws://test server) (open / error events)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: a WebSocket is a bidirectional channel out; connect-src must cover ws: too.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-websocket.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var W = typeof WebSocket === 'function' ? WebSocket : find('WebSocket');
  if (typeof W !== 'function') done(false, 'WebSocket is absent');
  else {
    var ws = new W(url.replace(/^http/, 'ws'));
    ws.onopen = function () { done(true, 'WebSocket opened'); ws.close(); };
    ws.onerror = function () { done(false, 'WebSocket failed (error event)'); };
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
