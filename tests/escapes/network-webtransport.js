// probe: new WebTransport(https://test server) (ready / closed promises)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: WebTransport is an HTTP/3 channel out; connect-src must cover it.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-webtransport.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var WT = typeof WebTransport === 'function' ? WebTransport : find('WebTransport');
  if (typeof WT !== 'function') done(false, 'WebTransport is absent');
  else {
    var t = new WT(url.replace(/^http:/, 'https:'));
    t.ready.then(function () { done(true, 'WebTransport is ready'); }, function (e) { done(false, 'WebTransport failed: ' + e); });
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
