// probe: asynchronous XMLHttpRequest to the test server (load / error events)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: XHR is a second network stack next to fetch, with its own CSP check.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-xhr-async.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var X = typeof XMLHttpRequest === 'function' ? XMLHttpRequest : find('XMLHttpRequest');
  if (typeof X !== 'function') done(false, 'XMLHttpRequest is absent');
  else {
    var x = new X();
    x.onload = function () { done(true, 'async XHR loaded, status ' + x.status); };
    x.onerror = function () { done(false, 'async XHR failed (error event)'); };
    x.open('GET', url);
    x.send();
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
