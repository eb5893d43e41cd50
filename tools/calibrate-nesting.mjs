// Finds, for each nesting construct, how deep the wasm transpiler can go in this engine before
// its stack gives out, with the nesting guard raised out of the way (a `calibration` build,
// whose module exports `paranoid_set_nesting_limit_for_calibration`). The guard's limit
// (MAX_NESTING) must stay well below the smallest of these.
//
//   cargo build --profile wasm --target wasm32-unknown-unknown -p paranoid-core --lib \
//     --features calibration --target-dir target/calibration
//   node --stack-size=374 tools/calibrate-nesting.mjs \
//     target/calibration/wasm32-unknown-unknown/wasm/paranoid_core.wasm
'use strict';

import { readFileSync } from 'node:fs';
import path from 'node:path';

const module = new WebAssembly.Module(readFileSync(path.resolve(process.argv[2])));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// A stack overflow leaves the instance unusable (stopped mid-call), so make a fresh one after
// each. The calls follow rust-core/src/abi.rs (the kernel's glue has no calibration hook).
function freshCore() {
  const e = new WebAssembly.Instance(module).exports;
  e.paranoid_set_nesting_limit_for_calibration(1_000_000);
  return {
    transpile(source) {
      const bytes = encoder.encode(source);
      const at = e.paranoid_input(bytes.length);
      new Uint8Array(e.memory.buffer, at, bytes.length).set(bytes);
      const n = e.paranoid_transpile(bytes.length, 0);
      return JSON.parse(decoder.decode(new Uint8Array(e.memory.buffer, e.paranoid_output(), n)));
    },
  };
}
let core = freshCore();

import { constructs } from './nesting-constructs.mjs';

/** How the engine failed, if it did: 'RangeError' (its own stack limit) or a trap. */
const failures = {};
function survives(name, source) {
  try {
    core.transpile(source);
    return true;
  } catch (e) {
    failures[name] = e instanceof RangeError ? 'RangeError' : `${e.constructor.name}: ${e.message}`;
    core = freshCore();
    return false;
  }
}

const results = [];
for (const [name, make] of Object.entries(constructs)) {
  let lo = 1, hi = 1;
  while (hi < 200_000 && survives(name, make(hi))) { lo = hi; hi *= 2; }
  if (hi >= 200_000) { results.push({ name, maxDepth: `>= ${lo}` }); continue; }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (survives(name, make(mid))) lo = mid; else hi = mid;
  }
  results.push({ name, maxDepth: lo, failure: failures[name] });
}
console.table(results);
