// probe: new Image().src = test server URL (absent in workers), and createImageBitmap of a fetched blob
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: image loads are the classic exfiltration channel in documents.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-image-src.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var I = typeof Image === 'function' ? Image : find('Image');
  if (typeof I !== 'function') done(false, 'Image is absent (createImageBitmap ' + typeof find('createImageBitmap') + ')');
  else {
    var img = new I();
    img.onload = function () { done(true, 'the image loaded'); };
    img.onerror = function () { done(false, 'the image failed (error event)'); };
    img.src = url;
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
