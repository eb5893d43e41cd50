// probe: indexedDB.open(...): persistent storage shared by every sandbox of the origin
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: a database outlives the sandbox and lets two sandboxes talk.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-indexeddb.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var I = typeof indexedDB !== 'undefined' ? indexedDB : find('indexedDB');
  if (!I || typeof I.open !== 'function') done(false, 'indexedDB is absent');
  else {
    var req = I.open('paranoid-probe', 1);
    req.onsuccess = function () { done(true, 'indexedDB opened a database'); };
    req.onerror = function () { done(false, 'indexedDB failed: ' + (req.error && req.error.name)); };
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
