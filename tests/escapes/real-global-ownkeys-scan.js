// probe: Reflect.ownKeys of globalThis (and its prototypes): any name that is not an ECMAScript built-in or the host API
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: a forgotten worker global, or a kernel handle left on the scope, would show up here.
var __probe;
(function () {
  try {
    var bad = /^(__paranoid|importScripts$|postMessage$|fetch$|XMLHttpRequest$|WebSocket$|EventSource$|Worker$|SharedWorker$|indexedDB$|caches$|location$|WebAssembly$|SharedArrayBuffer$|BroadcastChannel$|close$|onmessage$|addEventListener$|Blob$)/;
    var expected = ['Object', 'Function', 'Array', 'Number', 'parseFloat', 'parseInt', 'Infinity', 'NaN', 'undefined', 'Boolean', 'String', 'Symbol', 'Date',
      'Promise', 'RegExp', 'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'globalThis', 'JSON',
      'Math', 'Intl', 'ArrayBuffer', 'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array',
      'Uint8ClampedArray', 'BigUint64Array', 'BigInt64Array', 'DataView', 'Map', 'BigInt', 'Set', 'WeakMap', 'WeakSet', 'Proxy', 'Reflect',
      'FinalizationRegistry', 'WeakRef', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'isFinite', 'isNaN',
      'console', 'self', 'window', 'paranoid', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'testServer', '__probe',
      'Float16Array', 'Iterator', 'eval', 'top', 'parent', 'frames', 'navigator'];
    var bads = [];
    var extras = [];
    // With a page replica (a userscript given the page) the global has the replica's
    // `location` (the page's http(s) address, where the worker's is its own blob: or extension
    // URL) and `addEventListener` (which takes the replica's events, where the worker's would
    // throw for an object that is not its own Event).
    var replica = typeof document === 'object' && document !== null;
    var replicas = {
      location: function () { return /^https?:/.test(String(globalThis.location.href)) && Object.prototype.toString.call(globalThis.location) !== '[object WorkerLocation]'; },
      addEventListener: function () {
        var heard = false;
        globalThis.addEventListener('paranoid-probe', function () { heard = true; });
        globalThis.dispatchEvent(new Event('paranoid-probe'));
        return heard;
      },
    };
    function replicaOwn(k) { try { return replica && Object.prototype.hasOwnProperty.call(replicas, k) && replicas[k](); } catch (e) { return false; } }
    var o = globalThis;
    for (var depth = 0; depth < 8 && o; depth++) {
      var keys = Reflect.ownKeys(o);
      for (var i = 0; i < keys.length; i++) {
        var k = keys[i];
        if (typeof k !== 'string') continue;
        if (bad.test(k) && !(depth === 0 && replicaOwn(k))) bads.push(depth + ':' + k);
        else if (depth === 0 && expected.indexOf(k) < 0) extras.push(k);
      }
      o = Object.getPrototypeOf(o);
    }
    // `navigator` may be there as the sandbox's stand-in: an object of no prototype with the
    // browser's strings and a clipboard that refuses. The worker's own has a prototype
    // (WorkerNavigator), `onLine`, `hardwareConcurrency` and more.
    if (typeof globalThis.navigator !== 'undefined') {
      var nav = globalThis.navigator;
      var navAllowed = ['userAgent', 'vendor', 'appVersion', 'appName', 'appCodeName', 'product', 'platform', 'language', 'languages', 'clipboard', 'toString'];
      if (Object.getPrototypeOf(nav) !== null) bads.push('navigator has a prototype');
      var navKeys = Reflect.ownKeys(nav);
      for (var j = 0; j < navKeys.length; j++) if (navAllowed.indexOf(navKeys[j]) < 0) bads.push('navigator.' + String(navKeys[j]));
      if ('onLine' in nav || 'hardwareConcurrency' in nav) bads.push('navigator has onLine or hardwareConcurrency');
    }
    // `eval` may be there as the sandbox's stand-in, which vets its text: the real one would
    // reach the transpiler's reserved names, which are bound on the worker's real global.
    if (typeof globalThis.eval === 'function') {
      try { globalThis.eval('__paranoid_scope__'); bads.push('eval reaches __paranoid_scope__'); } catch (e) { if (!(e instanceof SyntaxError)) bads.push('eval: ' + e); }
    }
    __probe = {
      escaped: bads.length > 0,
      detail: (bads.length ? 'forbidden names: ' + bads.join(' ') : 'no forbidden name') + (extras.length ? '; other non-builtin names: ' + extras.join(' ') : ''),
    };
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
})();
