'use strict';
// The Rust wasm modules, for extension pages and the background (trusted realms: no primordials to capture, unlike
// the kernel's glue). `core` vets and transpiles (rust-core); `meta` reads match patterns and
// userscript metadata (rust-meta). One instance per call: neither keeps state between requests.

/* global paranoidExtension, paranoidPolicy */
/* exported paranoidWasmCall */

/** @type {Map<string, Promise<WebAssembly.Module>>} */
const paranoidWasmModules = new Map();

// At most `extension.wasmAtOnce` instances at once (the policy's): each reserves its memory (the
// 8 MiB stack and more), and a flood of messages to the background (each GM call asks rust-meta
// where its script runs) ran Chromium's service worker out of memory with 400 at once. The rest
// wait their turn.
let paranoidWasmRunning = 0;
/** @type {(() => void)[]} */
const paranoidWasmWaiting = [];

/**
 * Calls one export of a module's wasm ABI on a UTF-8 text and returns its JSON answer.
 * @param {'core' | 'meta'} module
 * @param {string} exportName e.g. `paranoid_match_pattern`
 * @param {string} text
 * @param {...number} extra further arguments after the input's length (the core's language level)
 * @returns {Promise<any>}
 */
async function paranoidWasmCall(module, exportName, text, ...extra) {
  if (!paranoidWasmModules.has(module)) {
    paranoidWasmModules.set(module, fetch(paranoidExtension.runtime.getURL(`core/paranoid_${module}.wasm`))
      .then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  }
  const compiled = await paranoidWasmModules.get(module);
  if (paranoidWasmRunning >= paranoidPolicy().extension.wasmAtOnce) await new Promise((resolve) => paranoidWasmWaiting.push(resolve));
  else paranoidWasmRunning++;
  try {
    const e = (await WebAssembly.instantiate(compiled, {})).exports;
    const input = new TextEncoder().encode(text);
    const at = e.paranoid_input(input.length);
    new Uint8Array(e.memory.buffer, at, input.length).set(input);
    const length = e[exportName](input.length, ...extra);
    return JSON.parse(new TextDecoder().decode(new Uint8Array(e.memory.buffer, e.paranoid_output(), length)));
  } finally {
    // The slot passes to the next call waiting, if any (the count stays the same).
    const next = paranoidWasmWaiting.shift();
    if (next) next(); else paranoidWasmRunning--;
  }
}
