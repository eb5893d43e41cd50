// The nesting limit in real workers, in both browsers: for every construct that makes the
// transpiler recurse, the deepest nesting the guard lets through must transpile inside the
// sandbox's worker (through the `Function` stand-in, so through the kernel's glue) without the
// engine's stack giving out, one more level must be refused as too deep, and a hostile depth
// too. The limit (rust-core/src/policy/limits.rs) was set from an emulated worker stack; this is
// the check in the real ones. Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constructs } from '../../tools/nesting-constructs.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];

/** The probe run in the sandbox: the generators are copied in as source text. */
function probeScript() {
  const generators = Object.entries(constructs).map(([name, make]) => `${JSON.stringify(name)}: ${make.toString()}`).join(',\n');
  return `var __result;
const rep = (s, n) => s.repeat(n);
const constructs = {${generators}};
const tooDeep = (e) => e instanceof SyntaxError && /\\(too-deep\\)$/.test(e.message);
const attempt = (source) => { try { Function(source); return 'ok'; } catch (e) { return tooDeep(e) ? 'too-deep' : e.name + ': ' + e.message; } };
__result = {};
for (const [name, make] of Object.entries(constructs)) {
  const r = {};
  let lo = 1, hi = 2, other = null;
  for (;;) {
    const a = attempt(make(hi));
    if (a === 'too-deep' || hi > 1 << 16) break;
    if (a !== 'ok') { other = a; break; }
    lo = hi; hi *= 2;
  }
  while (other === null && hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const a = attempt(make(mid));
    if (a === 'too-deep') hi = mid; else if (a === 'ok') lo = mid; else other = a;
  }
  r.deepestAllowed = lo;
  r.atLimit = attempt(make(lo));
  r.overLimit = attempt(make(lo + 1));
  r.hostile = attempt(make(100000));
  if (other !== null) r.other = other;
  __result[name] = r;
}`;
}

for (const [browser, ext] of BROWSERS) {
  describe(`the nesting limit in a real ${browser} worker`, { skip: ext ? false : 'the test build is not set' }, () => {
    it('every construct transpiles at the limit and is refused past it, without a stack overflow', () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'paranoid-nesting-'));
      const file = path.join(dir, 'nesting-probe.js');
      writeFileSync(file, probeScript());
      const out = execFileSync('node', [path.join(ROOT, 'tests', 'harness', 'sandbox-run.mjs'), '--browser', browser, '--ext', ext,
        '--cpu-ms', '300000', '--wait-ms', '300000', file], { encoding: 'utf8', timeout: 10 * 60_000 });
      const r = JSON.parse(out.trim().split('\n').pop());
      assert.equal(r.status, 'ok', JSON.stringify(r));
      const table = r.report.__result;
      const lines = Object.entries(table).map(([name, t]) => `${name}: deepest allowed ${t.deepestAllowed}`);
      console.log(`${browser}: ${lines.join(', ')}`);
      for (const [name, t] of Object.entries(table)) {
        assert.equal(t.other, undefined, `${name}: ${t.other}`);
        assert.equal(t.atLimit, 'ok', `${name} at its limit ${t.deepestAllowed}: ${t.atLimit}`);
        assert.equal(t.overLimit, 'too-deep', `${name} past its limit: ${t.overLimit}`);
        assert.equal(t.hostile, 'too-deep', `${name} at 100,000: ${t.hostile}`);
      }
    });
  });
}
