'use strict';
// The Rust wasm modules, for extension pages and the background (trusted realms: no primordials to capture, unlike
// the kernel's glue). `core` vets and transpiles (rust-core); `meta` reads match patterns and
// userscript metadata (rust-meta). One instance per call: neither keeps state between requests.

/* exported paranoidWasmCall */

/** @type {Map<string, Promise<WebAssembly.Module>>} */
const paranoidWasmModules = new Map();

/**
 * Calls one export of a module's wasm ABI on a UTF-8 text and returns its JSON answer.
 * @param {'core' | 'meta'} module
 * @param {string} exportName e.g. `paranoid_match_pattern`
 * @param {string} text
 * @param {...number} extra further arguments after the input's length (the core's language level)
 * @returns {Promise<any>}
 */
async function paranoidWasmCall(module, exportName, text, ...extra) {
  const api = globalThis.browser ?? globalThis.chrome;
  if (!paranoidWasmModules.has(module)) {
    paranoidWasmModules.set(module, fetch(api.runtime.getURL(`core/paranoid_${module}.wasm`))
      .then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  }
  const e = (await WebAssembly.instantiate(await paranoidWasmModules.get(module), {})).exports;
  const input = new TextEncoder().encode(text);
  const at = e.paranoid_input(input.length);
  new Uint8Array(e.memory.buffer, at, input.length).set(input);
  const length = e[exportName](input.length, ...extra);
  return JSON.parse(new TextDecoder().decode(new Uint8Array(e.memory.buffer, e.paranoid_output(), length)));
}
