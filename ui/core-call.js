'use strict';
// The Rust core, for extension pages (a trusted realm: no primordials to capture, unlike the
// kernel's glue). One instance per call: the core keeps no state between requests.

/* exported paranoidCoreCall */

let paranoidCoreModule = null;

/**
 * Calls one export of the core's wasm ABI on a UTF-8 text and returns its JSON answer.
 * @param {string} exportName e.g. `paranoid_match_pattern`
 * @param {string} text
 * @returns {Promise<any>}
 */
async function paranoidCoreCall(exportName, text) {
  const api = globalThis.browser ?? globalThis.chrome;
  if (paranoidCoreModule === null) {
    const response = await fetch(api.runtime.getURL('core/paranoid_core.wasm'));
    paranoidCoreModule = await WebAssembly.compile(await response.arrayBuffer());
  }
  const e = (await WebAssembly.instantiate(paranoidCoreModule, {})).exports;
  const input = new TextEncoder().encode(text);
  const at = e.paranoid_input(input.length);
  new Uint8Array(e.memory.buffer, at, input.length).set(input);
  const length = e[exportName](input.length);
  return JSON.parse(new TextDecoder().decode(new Uint8Array(e.memory.buffer, e.paranoid_output(), length)));
}
