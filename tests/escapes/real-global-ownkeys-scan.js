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
    var o = globalThis;
    for (var depth = 0; depth < 8 && o; depth++) {
      var keys = Reflect.ownKeys(o);
      for (var i = 0; i < keys.length; i++) {
        var k = keys[i];
        if (typeof k !== 'string') continue;
        if (bad.test(k)) bads.push(depth + ':' + k);
        else if (depth === 0 && expected.indexOf(k) < 0) extras.push(k);
      }
      o = Object.getPrototypeOf(o);
    }
    // `navigator` may be there as the sandbox's stand-in: strings on an object of no prototype.
    // The worker's own has a prototype (WorkerNavigator) and things that act (`sendBeacon`).
    if (typeof globalThis.navigator !== 'undefined') {
      var nav = globalThis.navigator;
      if (Object.getPrototypeOf(nav) !== null || 'sendBeacon' in nav || 'serviceWorker' in nav || 'storage' in nav) bads.push('navigator is the worker\'s own');
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
