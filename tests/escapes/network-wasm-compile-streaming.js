// probe: WebAssembly.compileStreaming(fetch(test server)) and WebAssembly.instantiateStreaming
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: the CSP allows wasm-unsafe-eval, so WebAssembly itself runs; only fetch's denial stops the streaming load.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-wasm-compile-streaming.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var WA = typeof WebAssembly === 'object' ? WebAssembly : find('WebAssembly');
  var f = typeof fetch === 'function' ? fetch : find('fetch');
  if (!WA || typeof WA.compileStreaming !== 'function') done(false, 'WebAssembly.compileStreaming is absent');
  else if (typeof f !== 'function') done(false, 'WebAssembly is there, fetch is absent');
  else WA.compileStreaming(f(url)).then(function () { done(true, 'compileStreaming compiled the response'); }, function (e) { done(/CompileError/.test(String(e)), 'compileStreaming rejected: ' + e); });
} catch (e) {
  done(false, 'threw: ' + e);
}
