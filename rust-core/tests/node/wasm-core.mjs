'use strict';
// Loads the wasm build of the core (wasm-bindgen's Node package), as the worker kernel will load
// the web package: same Rust code, same limits, same JS-string boundary.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);

/** @returns {string} the path of the Node package's entry: `PARANOID_WASM_NODE` or the build's. */
export function wasmCorePath() {
  const file = process.env.PARANOID_WASM_NODE || path.join(REPO_ROOT, 'target', 'wasm', 'node', 'paranoid_core.js');
  if (!existsSync(file)) {
    throw new Error(`wasm core not found at ${file}: run \`cargo xtask build\` or set PARANOID_WASM_NODE`);
  }
  return file;
}

/**
 * A fresh instance every call: after a trap an instance must never be used again.
 * @returns {{ vet: Function, transpile: Function, transpileFunction: Function }}
 */
export function loadWasmCore() {
  const file = wasmCorePath();
  delete require.cache[require.resolve(file)];
  return require(file);
}
