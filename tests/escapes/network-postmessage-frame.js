// probe: postMessage(...) from the worker to the sandbox frame, forging a kernel message
// category: network
// applies: 2,3
// expect: stopped
// Why it could escape: the frame trusts the worker's messages; a forged one could ask the host for anything.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-postmessage-frame.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var pm = typeof postMessage === 'function' ? postMessage : find('postMessage');
  if (typeof pm !== 'function') done(false, 'postMessage is absent');
  else { pm({ type: 'result', forged: true, url: url }); done(true, 'postMessage to the frame went through'); }
} catch (e) {
  done(false, 'threw: ' + e);
}
