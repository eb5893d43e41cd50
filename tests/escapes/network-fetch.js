// probe: fetch() to the test server
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: fetch is the plainest way out; the CSP's connect-src 'none' and the scrub must both stop it.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-fetch.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var f = typeof fetch === 'function' ? fetch : find('fetch');
  if (typeof f !== 'function') done(false, 'fetch is absent');
  else f(url, { cache: 'no-store' }).then(function (r) { done(true, 'fetch got a response, status ' + r.status); }, function (e) { done(false, 'fetch rejected: ' + e); });
} catch (e) {
  done(false, 'threw: ' + e);
}
