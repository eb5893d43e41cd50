// probe: navigator.sendBeacon(test server, data)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: a beacon is fire-and-forget and survives the sandbox being killed.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-send-beacon.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var nav = typeof navigator !== 'undefined' ? navigator : find('navigator');
  if (!nav || typeof nav.sendBeacon !== 'function') done(false, 'navigator.sendBeacon is absent (navigator ' + typeof nav + ')');
  else done(nav.sendBeacon(url, 'x') === true, 'sendBeacon returned ' + nav.sendBeacon(url, 'y'));
} catch (e) {
  done(false, 'threw: ' + e);
}
