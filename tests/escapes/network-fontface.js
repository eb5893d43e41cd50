// probe: new FontFace('x', 'url(test server)').load() (FontFace exists in workers), and self.fonts
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: font loading is its own fetch path (font-src), easy to forget next to fetch and XHR.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-fontface.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var FF = typeof FontFace === 'function' ? FontFace : find('FontFace');
  if (typeof FF !== 'function') done(false, 'FontFace is absent');
  else new FF('probe', 'url(' + url + ')').load().then(function () { done(true, 'the font loaded'); }, function (e) { done(false, 'the font failed: ' + e); });
} catch (e) {
  done(false, 'threw: ' + e);
}
