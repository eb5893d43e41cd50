// probe: new EventSource(test server) (open / error events)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: EventSource opens a long-lived request the page's scripts do not see.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-eventsource.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var E = typeof EventSource === 'function' ? EventSource : find('EventSource');
  if (typeof E !== 'function') done(false, 'EventSource is absent');
  else {
    var es = new E(url);
    es.onopen = function () { done(true, 'EventSource opened'); es.close(); };
    es.onerror = function () { done(false, 'EventSource failed (error event)'); es.close(); };
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
