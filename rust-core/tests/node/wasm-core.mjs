'use strict';
// Loads the wasm build of the core with the worker kernel's own glue
// (`sandbox-page/kernel/commons.js` + `core-glue.js`): same Rust code, same limits, same
// boundary as in the browser.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { paranoidBin } from './paranoid-cli.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const KERNEL = path.join(REPO_ROOT, 'sandbox-page', 'kernel');

/** @returns {string} the core's path: `PARANOID_WASM` or the build's. */
export function wasmCorePath() {
  const file = process.env.PARANOID_WASM || path.join(REPO_ROOT, 'target', 'wasm', 'paranoid_core.wasm');
  if (!existsSync(file)) {
    throw new Error(`wasm core not found at ${file}: run \`cargo xtask build\` or set PARANOID_WASM`);
  }
  return file;
}

let module = null;
let policy = null;

/**
 * A fresh glue (and so a fresh instance) every call: after a trap an instance is never reused.
 * The same interface as before: `vet(source, level?)`, `transpile(source, level?)`,
 * `transpileFunction(params, body, kind, level?)`.
 */
export function loadWasmCore() {
  if (module === null) module = new WebAssembly.Module(readFileSync(wasmCorePath()));
  // The level and kind numbering comes from the policy tables, as the extension's does.
  if (policy === null) policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));
  const source = ['commons.js', 'core-glue.js'].map((f) => readFileSync(path.join(KERNEL, f), 'utf8')).join('\n');
  const { captureCommons, makeCore } = vm.runInThisContext(`(() => { ${source}\n return { captureCommons, makeCore }; })()`, { filename: 'kernel-glue.js' });
  const core = makeCore(captureCommons(globalThis), module, policy);
  return {
    vet: (text, level) => core.vet(text, level),
    transpile: (text, level) => core.transpile(text, level),
    transpileFunction: (params, body, kind, level) => core.transpileFunction([...params, body], kind, level),
    get discarded() { return core.discarded; },
  };
}
