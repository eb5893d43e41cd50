// probe: new SharedWorker(test server URL)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: a shared worker outlives the sandbox and is shared with other contexts of the origin.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-shared-worker.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var S = typeof SharedWorker === 'function' ? SharedWorker : find('SharedWorker');
  if (typeof S !== 'function') done(false, 'SharedWorker is absent');
  else { var sw = new S(url); done(true, 'a SharedWorker was created'); sw.port.start(); }
} catch (e) {
  done(false, 'threw: ' + e);
}
