// The kernel review (THREAT_MODEL.md): every built-in the worker kernel keeps in `captureCommons`
// (sandbox-page/kernel/commons.js), and where untrusted code would find the same built-in to
// pollute it. `rust-core/tests/node/kernel-commons.test.mjs` checks that this table names every
// key `captureCommons` returns, no more and no fewer; `pollution-probe.mjs` makes one escape
// probe per row that can be polluted, run with the escape corpus (tests/browser/corpus.test.mjs).
//
// Kinds:
// - `method`: a function-valued data property `owner[key]`; the probe replaces it with a trap.
// - `getter` / `setter`: an accessor `owner[key]`; the probe replaces that half with a trap.
// - `constructor`: the probe traps every function and accessor of the constructor and of its
//   `prototype` (statics, methods, `Symbol.species`), since the kernel constructs with it and
//   may use what instances inherit.
// - `prototype`: the probe traps every function and accessor of that object.
// - `none`: nothing untrusted code could replace; `why` says why.
//
// `owner` is an expression evaluated inside the sandbox (transpiled like any script); a row
// whose owner is not reachable there (a worker global that layer 2 deletes) still gets its
// probe: it reports that it found nothing, and with layer 2 off it pollutes the real one.

/** @typedef {{ key: string, kind: 'method'|'getter'|'setter'|'constructor'|'prototype'|'none', owner?: string, name?: string, why?: string }} CommonsRow */

const m = (key, owner, name) => ({ key, kind: 'method', owner, name });
const ctor = (key, owner) => ({ key, kind: 'constructor', owner });
const none = (key, why) => ({ key, kind: 'none', why });
const getter = (key, owner, name) => ({ key, kind: 'getter', owner, name });
const proto = (key, owner) => ({ key, kind: 'prototype', owner });

/** @type {CommonsRow[]} */
export const COMMONS_TABLE = [
  none('global', 'the worker\'s real global: untrusted code never gets it (its global is the stand-in `G`); what is left on it after the scrub is the allowlist, checked by the real-global probes'),
  m('apply', 'Reflect', 'apply'),
  m('construct', 'Reflect', 'construct'),
  m('reflectDefine', 'Reflect', 'defineProperty'),
  m('deleteProperty', 'Reflect', 'deleteProperty'),
  m('get', 'Reflect', 'get'),
  m('has', 'Reflect', 'has'),
  m('ownKeys', 'Reflect', 'ownKeys'),
  m('set', 'Reflect', 'set'),
  m('reflectGetPrototypeOf', 'Reflect', 'getPrototypeOf'),
  m('create', 'Object', 'create'),
  m('defineProperty', 'Object', 'defineProperty'),
  m('freeze', 'Object', 'freeze'),
  m('isFrozen', 'Object', 'isFrozen'),
  m('getOwnPropertyDescriptor', 'Object', 'getOwnPropertyDescriptor'),
  m('getOwnPropertyNames', 'Object', 'getOwnPropertyNames'),
  m('getPrototypeOf', 'Object', 'getPrototypeOf'),
  m('setPrototypeOf', 'Object', 'setPrototypeOf'),
  m('hasOwn', 'Object', 'hasOwn'),
  proto('ObjectPrototype', 'Object.prototype'),
  proto('FunctionPrototype', 'Function.prototype'),
  m('functionToString', 'Function.prototype', 'toString'),
  proto('ArrayPrototype', 'Array.prototype'),
  m('isArray', 'Array', 'isArray'),
  none('isObject', 'the kernel\'s own arrow function, never handed out'),
  none('box', 'the kernel\'s own arrow function over the captured Object, never handed out'),
  ctor('Error', 'Error'),
  ctor('TypeError', 'TypeError'),
  ctor('SyntaxError', 'SyntaxError'),
  ctor('ReferenceError', 'ReferenceError'),
  ctor('RangeError', 'RangeError'),
  ctor('Proxy', 'Proxy'),
  ctor('Symbol', 'Symbol'),
  none('symbolIterator', 'a well-known symbol: a primitive, and `Symbol.iterator` is non-writable and non-configurable'),
  ctor('String', 'String'),
  m('stringIsWellFormed', 'String.prototype', 'isWellFormed'),
  m('stringCharCodeAt', 'String.prototype', 'charCodeAt'),
  m('stringSlice', 'String.prototype', 'slice'),
  m('stringIndexOf', 'String.prototype', 'indexOf'),
  m('stringLastIndexOf', 'String.prototype', 'lastIndexOf'),
  m('stringSplit', 'String.prototype', 'split'),
  m('regExpExec', 'RegExp.prototype', 'exec'),
  ctor('RegExp', 'RegExp'),
  ctor('Number', 'Number'),
  m('numberIsInteger', 'Number', 'isInteger'),
  m('mathMax', 'Math', 'max'),
  m('mathFloor', 'Math', 'floor'),
  m('mathRandom', 'Math', 'random'),
  m('jsonParse', 'JSON', 'parse'),
  m('jsonStringify', 'JSON', 'stringify'),
  none('textDecoder', 'the kernel\'s own TextDecoder instance, never handed out (its method is the next row)'),
  m('textDecoderDecode', 'TextDecoder.prototype', 'decode'),
  none('textEncoder', 'the kernel\'s own TextEncoder instance, never handed out (its method is the next row)'),
  m('textEncoderEncodeInto', 'TextEncoder.prototype', 'encodeInto'),
  ctor('Uint8Array', 'Uint8Array'),
  ctor('Float64Array', 'Float64Array'),
  ctor('WebAssemblyInstance', 'WebAssembly.Instance'),
  getter('instanceExports', 'WebAssembly.Instance.prototype', 'exports'),
  getter('memoryBuffer', 'WebAssembly.Memory.prototype', 'buffer'),
  ctor('WebAssemblyModule', 'WebAssembly.Module'),
  ctor('Promise', 'Promise'),
  m('promiseThen', 'Promise.prototype', 'then'),
  ctor('Date', 'Date'),
  m('dateNow', 'Date', 'now'),
  proto('Intl', 'Intl'),
  m('queueMicrotask', 'globalThis', 'queueMicrotask'),
  m('performanceNow', 'Object.getPrototypeOf(performance)', 'now'),
  none('performance', 'the worker\'s Performance instance; layer 2 deletes `performance`, and its method is the previous row'),
  m('setTimeout', 'globalThis', 'setTimeout'),
  m('clearTimeout', 'globalThis', 'clearTimeout'),
  m('postMessage', 'globalThis', 'postMessage'),
  m('addEventListener', 'globalThis', 'addEventListener'),
  getter('messageEventData', 'MessageEvent.prototype', 'data'),
  ctor('MessageChannel', 'MessageChannel'),
  getter('channelPort1', 'MessageChannel.prototype', 'port1'),
  getter('channelPort2', 'MessageChannel.prototype', 'port2'),
  m('portPostMessage', 'MessagePort.prototype', 'postMessage'),
  { key: 'portOnmessageSet', kind: 'setter', owner: 'MessagePort.prototype', name: 'onmessage' },
  ctor('Blob', 'Blob'),
  m('createObjectURL', 'URL', 'createObjectURL'),
  m('revokeObjectURL', 'URL', 'revokeObjectURL'),
  m('importScripts', 'globalThis', 'importScripts'),
  m('encodeURIComponent', 'globalThis', 'encodeURIComponent'),
];
