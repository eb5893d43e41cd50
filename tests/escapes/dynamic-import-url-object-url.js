// probe: URL.createObjectURL / revokeObjectURL on the URL the sandbox offers, on its prototype chain and through a URL instance's constructor
// category: dynamic-import
// applies: 2,3
// expect: stopped
// Why it could escape: a blob: URL is a script the worker's CSP lets importScripts load (the kernel's loader uses one); with a Blob anywhere, createObjectURL is the way to name code nobody vetted.
var __probe;
try {
  if (typeof URL === 'undefined') {
    __probe = { escaped: false, detail: 'URL is absent' };
  } else {
    var found = [];
    var seen = [URL, new URL('https://a.example/x').constructor];
    for (var k = 0; k < seen.length; k++) {
      for (var o = seen[k], depth = 0; o !== null && o !== undefined && depth < 6; o = Object.getPrototypeOf(o), depth++) {
        if (typeof o.createObjectURL === 'function') found.push('createObjectURL at depth ' + depth);
        if (typeof o.revokeObjectURL === 'function') found.push('revokeObjectURL at depth ' + depth);
      }
    }
    var parsed = new URL('../b?q=1#h', 'https://a.example/p/c');
    __probe = { escaped: found.length > 0, detail: found.length ? found.join(', ') : 'no object-URL statics; URL parses: ' + parsed.href };
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
