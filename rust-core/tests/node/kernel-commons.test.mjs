// The kernel review's table (tests/kernel-review/commons-table.mjs) names every built-in the
// worker kernel captures in `captureCommons`, and nothing else: a new capture without a row
// (and so without its pollution probe) fails here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { COMMONS_TABLE } from '../../../tests/kernel-review/commons-table.mjs';
import { loadWasmCore } from './wasm-core.mjs';
import { POLLUTABLE, pollutionProbe } from '../../../tests/kernel-review/pollution-probe.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

test('the kernel review table has one row per key of captureCommons', () => {
  const source = readFileSync(path.join(ROOT, 'sandbox-page', 'kernel', 'commons.js'), 'utf8');
  // Node's global has the built-ins a worker has but its own (those are optional in commons.js),
  // and the keys do not depend on which are there.
  const captured = vm.runInThisContext(`(() => { ${source}\n return Object.keys(captureCommons(globalThis)); })()`).sort();
  const rows = COMMONS_TABLE.map((r) => r.key);
  assert.equal(new Set(rows).size, rows.length, 'no key twice');
  assert.deepEqual([...rows].sort(), captured);
});

test('every row is complete: an owner for what can be polluted, a reason for what cannot', () => {
  for (const row of COMMONS_TABLE) {
    if (row.kind === 'none') assert.ok(typeof row.why === 'string' && row.why.length > 20, row.key);
    else assert.ok(typeof row.owner === 'string' && row.owner.length > 0, row.key);
    if (['method', 'getter', 'setter'].includes(row.kind)) assert.ok(typeof row.name === 'string', row.key);
  }
});

test('each pollution probe is a script the core accepts, with the corpus headers', () => {
  const core = loadWasmCore();
  for (const row of POLLUTABLE) {
    const source = pollutionProbe(row);
    assert.match(source, /^\/\/ probe: .*\n\/\/ category: kernel-pollution\n\/\/ applies: 3\n\/\/ expect: stopped\n/, row.key);
    const out = core.transpile(source);
    assert.ok(out.ok, `${row.key}: ${JSON.stringify(out.diagnostics || out).slice(0, 300)}`);
  }
});

/**
 * Runs a pollution probe (untranspiled) in a fresh Node realm whose "kernel" is `kernel`: a
 * script defining the globals the probe works with. Resolves with the probe's `__probe`.
 */
async function runProbe(key, kernel) {
  const row = POLLUTABLE.find((r) => r.key === key);
  const context = vm.createContext({ hostSetTimeout: setTimeout });
  vm.runInContext(kernel, context);
  vm.runInContext(pollutionProbe(row), context);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return vm.runInContext('__probe', context);
}
// A kernel made only of what the realm's scripts cannot change afterwards: captured first.
const CAREFUL = `
  const apply = Reflect.apply, later = hostSetTimeout;
  globalThis.console = { log() {}, warn() {} };
  globalThis.setTimeout = (f, ms) => later(() => { try { apply(f, undefined, []); } catch {} }, ms);
  globalThis.clearTimeout = () => {};
  globalThis.setInterval = (f) => { later(() => { try { apply(f, undefined, []); } catch {} }, 1); return 1; };
  globalThis.clearInterval = () => {};
`;

test('a pollution probe sees nothing from a kernel that calls only what it captured', async () => {
  for (const key of ['ArrayPrototype', 'stringSlice', 'Uint8Array', 'jsonStringify', 'promiseThen']) {
    const probe = await runProbe(key, CAREFUL);
    assert.equal(probe.escaped, false, `${key}: ${probe.detail}`);
    assert.match(probe.detail, /traps set .* no call/, key);
  }
});

test('a pollution probe catches a kernel that calls a built-in after untrusted code ran', async () => {
  const careless = (use) => `${CAREFUL}
    globalThis.setTimeout = (f, ms) => { const queue = []; ${use}; later(() => { try { apply(f, undefined, []); } catch {} }, ms); };`;
  const cases = [
    ['ArrayPrototype', 'queue.push(f)'],
    ['stringSlice', '"kernel".slice(1)'],
    ['Uint8Array', 'new Uint8Array(2).fill(1)'],
    ['jsonStringify', 'JSON.stringify({ type: "turn" })'],
    ['promiseThen', 'Promise.resolve().then(() => {})'],
    ['FunctionPrototype', '(() => {}).call(null)'],
    ['ObjectPrototype', 'Object.prototype.hasOwnProperty.call({}, "x") || ({}).hasOwnProperty("y")'],
  ];
  for (const [key, use] of cases) {
    const probe = await runProbe(key, careless(use));
    assert.equal(probe.escaped, true, `${key} with ${use}: ${probe.detail}`);
  }
});
