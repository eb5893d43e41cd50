// probe: caches.open(...).add(test server URL): Cache Storage fetches and persists
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: cache.add fetches the URL and keeps it across sandboxes of the origin.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-cache-storage.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var C = typeof caches !== 'undefined' ? caches : find('caches');
  if (!C || typeof C.open !== 'function') done(false, 'caches is absent');
  else C.open('paranoid-probe').then(function (cache) { return cache.add(url); }).then(function () { done(true, 'cache.add fetched and stored the URL'); }, function (e) { done(false, 'caches rejected: ' + e); });
} catch (e) {
  done(false, 'threw: ' + e);
}
