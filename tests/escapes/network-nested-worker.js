// probe: new Worker(http URL), then new Worker(blob: URL) whose fresh, unscrubbed global tries fetch and reports back
// category: network
// applies: 2,3
// expect: stopped
// Why it could escape: a nested worker is a new realm nobody scrubbed and no transpiler touched; the CSP allows blob: workers.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-nested-worker.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var Wk = typeof Worker === 'function' ? Worker : find('Worker');
  if (typeof Wk !== 'function') done(false, 'Worker is absent');
  else {
    try { new Wk(url); done(true, 'a worker from the test server was created'); } catch (e) { /* refused: try blob: next */ }
    var B = find('Blob'), U = find('URL');
    if (typeof B !== 'function' || !U) done(false, 'Worker exists, but Blob/URL are absent for a blob: worker');
    else {
      var src = "fetch(" + JSON.stringify(url) + ").then(function () { postMessage('fetched'); }, function (e) { postMessage('started, fetch blocked: ' + e); });";
      var w = new Wk(U.createObjectURL(new B([src], { type: 'text/javascript' })));
      w.onmessage = function (ev) { done(true, 'a nested blob: worker ran: ' + ev.data); };
      w.onerror = function () { done(false, 'the nested worker failed to start'); };
    }
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
