// probe: synchronous XMLHttpRequest (allowed in workers) to the test server
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: a sync XHR returns the response inline, no event loop needed.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-xhr-sync.js';
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
    x.open('GET', url, false);
    x.send();
    done(x.status > 0, 'sync XHR finished with status ' + x.status);
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
