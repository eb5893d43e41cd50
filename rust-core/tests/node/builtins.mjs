'use strict';
// The global names a sandbox offers: the ECMAScript (ECMA-262, with Annex B) built-ins.
// Both the contract sandbox and the reference realm the originals run in use this one list, so a
// difference in outcome comes from the transpiler, never from a different set of globals.
// (The product's allowlist will be generated from Rust; this harness only needs to match itself.)

/**
 * Built-ins copied from the vm realm onto the sandbox scope, with their own descriptors.
 * Absent on purpose: `globalThis` (the runtime binds it to G), `Function` (a stand-in),
 * `eval` (direct eval is rejected, indirect eval would run unvetted code), `SharedArrayBuffer`
 * (absent in the product's workers), and the host objects V8 adds (`console`, `WebAssembly`).
 * @type {readonly string[]}
 */
export const BUILTIN_NAMES = Object.freeze([
  // value properties
  'undefined', 'NaN', 'Infinity',
  // function properties
  'isFinite', 'isNaN', 'parseFloat', 'parseInt',
  'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape',
  // constructors
  'Object', 'Array', 'Boolean', 'Number', 'BigInt', 'String', 'Symbol', 'Date', 'RegExp',
  'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError',
  'TypeError', 'URIError',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Promise', 'Proxy',
  'ArrayBuffer', 'DataView',
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
  'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
  // namespaces
  'Math', 'JSON', 'Reflect', 'Atomics',
]);

/** The names the transpiler's output may use, and the only ones bound on the real global. */
export const RESERVED_NAMES = Object.freeze([
  '__paranoid_scope__', '__paranoid_global__', '__paranoid_rt__',
]);

/** Value properties every realm keeps on its global: they cannot be deleted. */
export const UNDELETABLE_NAMES = Object.freeze(['undefined', 'NaN', 'Infinity']);
