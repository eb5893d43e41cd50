'use strict';
// Run by wasm.test.mjs as `node --stack-size=374 wasm-nesting-probe.mjs`: 374 KB is the stack
// at which Node's V8 gives out on the same nesting as a Chromium worker did (336 vs ~343 nested
// parentheses, docs/design.md), so this emulates the weakest engine measured. For each construct it
// finds the deepest n the guard lets through, and checks that n transpiles without the stack
// giving out, that n + 1 is refused as too deep, and that a hostile depth is refused too; the
// instance must keep working throughout. Prints one JSON line per construct.

import { constructs } from '../../../tools/nesting-constructs.mjs';
import { loadWasmCore } from './wasm-core.mjs';

const core = loadWasmCore();
const refusedTooDeep = (r) => !r.ok && r.diagnostics.some((d) => d.code === 'too-deep');

for (const [name, make] of Object.entries(constructs)) {
  const result = { name };
  try {
    // The guard's bound, found by doubling then bisecting on `vet`.
    let lo = 1, hi = 2;
    while (hi <= 1 << 20 && !refusedTooDeep(core.vet(make(hi)))) { lo = hi; hi *= 2; }
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (refusedTooDeep(core.vet(make(mid)))) hi = mid; else lo = mid;
    }
    result.deepestAllowed = lo;
    const atLimit = core.transpile(make(lo));
    result.atLimitOk = atLimit.ok;
    if (!atLimit.ok) result.atLimitDiagnostics = atLimit.diagnostics.slice(0, 2);
    result.overLimitRefused = refusedTooDeep(core.transpile(make(lo + 1)));
    result.hostileRefused = refusedTooDeep(core.transpile(make(100_000)));
    result.stillWorks = core.transpile('var ok = 1;').ok;
  } catch (e) {
    result.threw = `${e.constructor.name}: ${e.message}`;
  }
  console.log(JSON.stringify(result));
}
