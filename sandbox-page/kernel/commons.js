'use strict';
// Threat: untrusted code runs in the same realm as the kernel and may patch any built-in the
// kernel calls later (`Array.prototype.push`, `Function.prototype.call`, `TextDecoder.prototype.
// decode`, getters such as `MessageEvent.prototype.data`…). Defence: every primordial the kernel
// uses is captured here, before anything untrusted runs, and only ever called through the
// captured `apply` with an explicit receiver.
// 1. Functions are captured as values; prototype methods as unbound functions.
// 2. Accessors (getters) are captured from their descriptors, never read through the object.
// 3. Records the kernel builds have a null prototype, so no inherited getter is consulted.
// Spec: ECMA-262 §10.1 (ordinary object internal methods), HTML §10.2 (workers).

/**
 * @param {any} g the worker's real global, before scrubbing
 */
function captureCommons(g) {
  const { apply, construct, defineProperty: reflectDefine, deleteProperty, get, getPrototypeOf: reflectGetPrototypeOf, has, ownKeys, set } = g.Reflect;
  const O = g.Object;
  const getter = (object, key) => {
    const desc = O.getOwnPropertyDescriptor(object, key);
    if (desc === undefined || typeof desc.get !== 'function') throw new g.TypeError(`kernel: no getter ${String(key)}`);
    return desc.get;
  };
  const optional = (read) => { try { return read(); } catch { return undefined; } };
  const method = (object, key) => {
    const fn = object[key];
    if (typeof fn !== 'function') throw new g.TypeError(`kernel: no method ${String(key)}`);
    return fn;
  };
  const WA = g.WebAssembly;
  const textDecoder = new g.TextDecoder('utf-8', { fatal: true });
  const textEncoder = new g.TextEncoder();
  const c = {
    __proto__: null,
    global: g,
    // Reflect and Object
    apply, construct, reflectDefine, deleteProperty, get, has, ownKeys, set, reflectGetPrototypeOf,
    create: O.create,
    defineProperty: O.defineProperty,
    freeze: O.freeze,
    isFrozen: O.isFrozen,
    getOwnPropertyDescriptor: O.getOwnPropertyDescriptor,
    getOwnPropertyNames: O.getOwnPropertyNames,
    getPrototypeOf: O.getPrototypeOf,
    setPrototypeOf: O.setPrototypeOf,
    hasOwn: O.hasOwn,
    ObjectPrototype: O.prototype,
    FunctionPrototype: g.Function.prototype,
    functionToString: method(g.Function.prototype, 'toString'),
    ArrayPrototype: g.Array.prototype,
    isArray: g.Array.isArray,
    isObject: (v) => (typeof v === 'object' && v !== null) || typeof v === 'function',
    /** `Object(v)` on the captured constructor: a primitive boxed, an object as it is. */
    box: (v) => O(v),
    // errors
    Error: g.Error, TypeError: g.TypeError, SyntaxError: g.SyntaxError,
    ReferenceError: g.ReferenceError, RangeError: g.RangeError,
    Proxy: g.Proxy,
    Symbol: g.Symbol,
    symbolIterator: g.Symbol.iterator,
    // text
    String: g.String,
    stringIsWellFormed: method(g.String.prototype, 'isWellFormed'),
    stringCharCodeAt: method(g.String.prototype, 'charCodeAt'),
    stringSlice: method(g.String.prototype, 'slice'),
    stringIndexOf: method(g.String.prototype, 'indexOf'),
    stringLastIndexOf: method(g.String.prototype, 'lastIndexOf'),
    stringSplit: method(g.String.prototype, 'split'),
    regExpExec: method(g.RegExp.prototype, 'exec'),
    RegExp: g.RegExp,
    Number: g.Number,
    numberIsInteger: g.Number.isInteger,
    mathMax: g.Math.max,
    mathFloor: g.Math.floor,
    mathRandom: g.Math.random,
    jsonParse: g.JSON.parse,
    jsonStringify: g.JSON.stringify,
    textDecoder, textDecoderDecode: method(g.TextDecoder.prototype, 'decode'),
    textEncoder, textEncoderEncodeInto: method(g.TextEncoder.prototype, 'encodeInto'),
    // binary data and the core
    Uint8Array: g.Uint8Array,
    Float64Array: g.Float64Array,
    WebAssemblyInstance: WA.Instance,
    instanceExports: getter(WA.Instance.prototype, 'exports'),
    memoryBuffer: getter(WA.Memory.prototype, 'buffer'),
    WebAssemblyModule: WA.Module,
    // promises and the real clock (the kernel's alone)
    Promise: g.Promise,
    promiseThen: method(g.Promise.prototype, 'then'),
    Date: g.Date,
    dateNow: g.Date.now,
    Intl: g.Intl,
    queueMicrotask: g.queueMicrotask,
    // The worker's own: optional here so that the core's glue can be tested outside a worker
    // (Node); the kernel's boot checks every one of them (`WORKER_COMMONS` in main.js).
    performanceNow: optional(() => method(reflectGetPrototypeOf(g.performance), 'now')),
    performance: g.performance,
    setTimeout: g.setTimeout,
    clearTimeout: g.clearTimeout,
    postMessage: g.postMessage,
    addEventListener: g.addEventListener,
    messageEventData: optional(() => getter(g.MessageEvent.prototype, 'data')),
    MessageChannel: g.MessageChannel,
    channelPort1: optional(() => getter(g.MessageChannel.prototype, 'port1')),
    channelPort2: optional(() => getter(g.MessageChannel.prototype, 'port2')),
    portPostMessage: optional(() => method(g.MessagePort.prototype, 'postMessage')),
    portOnmessageSet: optional(() => O.getOwnPropertyDescriptor(g.MessagePort.prototype, 'onmessage').set),
    Blob: g.Blob,
    createObjectURL: optional(() => g.URL.createObjectURL),
    revokeObjectURL: optional(() => g.URL.revokeObjectURL),
    importScripts: g.importScripts,
    encodeURIComponent: g.encodeURIComponent,
  };
  return O.freeze(c);
}
