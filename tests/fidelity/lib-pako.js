// fidelity: pako (zlib in JS): deflate and inflate bytes, gzip's header, and round trips
// prelude: node_modules/pako/dist/browser/pako.umd.min.js
// expect: native
var __result = (function () {
  var bytes = new Uint8Array(600);
  for (var i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 13;
  var deflated = pako.deflate(bytes);
  var gz = pako.gzip(new Uint8Array([97, 98, 99]));
  var back = pako.inflate(deflated);
  return { size: deflated.length, first: Array.from(deflated.slice(0, 4)), back: back.length === bytes.length && back.every(function (b, k) { return b === bytes[k]; }), gzip: Array.from(gz.slice(0, 3)), ungz: Array.from(pako.ungzip(gz)) };
})();
