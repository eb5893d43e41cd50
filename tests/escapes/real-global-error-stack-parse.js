// probe: parse `new Error().stack` for the kernel's script URLs, then try every reachable loader on them
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: the stack names the worker's blob: and extension URLs; re-loading one could run code outside the scope.
var __probe;
try {
  var stack = '';
  try { throw new Error('where am I'); } catch (e) { stack = String(e.stack); }
  var urls = stack.match(/(blob:[^\s)]+|chrome-extension:\/\/[^\s)]+|moz-extension:\/\/[^\s)]+|https?:\/\/[^\s)]+)/g) || [];
  var loaders = [];
  if (typeof importScripts === 'function') loaders.push('importScripts');
  if (typeof fetch === 'function') loaders.push('fetch');
  if (typeof globalThis.importScripts === 'function') loaders.push('globalThis.importScripts');
  var loaded = [];
  for (var i = 0; i < urls.length && loaders.length; i++) {
    var url = urls[i].replace(/:\d+:\d+$/, '');
    try { if (typeof importScripts === 'function') { importScripts(url); loaded.push(url); } } catch (e) { /* refused */ }
  }
  __probe = {
    escaped: loaders.length > 0,
    detail: 'stack urls: ' + (urls.length ? urls.join(' ') : 'none') + '; loaders reachable: ' + (loaders.join(',') || 'none') + (loaded.length ? '; re-loaded ' + loaded.join(' ') : ''),
  };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
