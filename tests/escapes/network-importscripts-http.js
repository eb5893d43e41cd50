// probe: importScripts('http://test server/...')
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: importScripts both fetches and runs code, unvetted, in the real global.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-importscripts-http.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var imp = typeof importScripts === 'function' ? importScripts : find('importScripts');
  if (typeof imp !== 'function') done(false, 'importScripts is absent');
  else { imp(url); done(true, 'importScripts returned without throwing'); }
} catch (e) {
  done(false, 'threw: ' + e);
}
