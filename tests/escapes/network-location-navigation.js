// probe: location.href = URL, location.assign / replace, and open(URL): navigating somewhere to carry data out
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: a navigation is a request the CSP's connect-src does not govern.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-location-navigation.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var notes = [];
  var loc = typeof location !== 'undefined' ? location : find('location');
  if (!loc) notes.push('location is absent');
  else {
    try { loc.href = url; } catch (e) { notes.push('href assignment threw ' + e.name); }
    if (typeof loc.assign === 'function') { try { loc.assign(url); done(true, 'location.assign returned'); } catch (e) { notes.push('assign threw ' + e.name); } }
    if (String(loc.href) === url) done(true, 'location.href now points at the test server');
    notes.push('location.href is ' + loc.href);
  }
  var op = typeof open === 'function' ? open : find('open');
  if (typeof op === 'function') { try { var w = op(url); if (w) done(true, 'open() returned a window'); } catch (e) { notes.push('open threw ' + e.name); } }
  else notes.push('open is absent');
  done(false, notes.join('; '));
} catch (e) {
  done(false, 'threw: ' + e);
}
