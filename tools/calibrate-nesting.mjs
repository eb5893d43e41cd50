// Finds, for each nesting construct, how deep the wasm transpiler can go in this engine before
// its stack gives out, with the nesting guard raised out of the way (a `calibration` build).
// The guard's limit (MAX_NESTING) must stay well below the smallest of these.
//
//   node tools/calibrate-nesting.mjs target/calibration/node/paranoid_core.js
'use strict';

import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const modulePath = path.resolve(process.argv[2]);

// A stack overflow leaves the instance unusable (a trap mid-call), so load a fresh one each time.
function freshCore() {
  for (const key of Object.keys(require.cache)) delete require.cache[key];
  const core = require(modulePath);
  core.setNestingLimitForCalibration(1_000_000);
  return core;
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
