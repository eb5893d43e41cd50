// What a sandbox can make the host hold: console lines and uncaught errors are capped per
// virtual instant by the kernel (and in all by the host), so a loop cannot flood the page.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
for (const [browser, ext] of [['chromium', process.env.PARANOID_EXT_CHROME], ['firefox', process.env.PARANOID_EXT_FIREFOX]]) {
  it(`a console flood reaches the host capped, in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    const out = execFileSync('node', [path.join(ROOT, 'tests', 'harness', 'sandbox-run.mjs'), '--browser', browser, '--ext', ext,
      '--cpu-ms', '5000', path.join(ROOT, 'tests', 'host-limits', 'console-flood.js')], { encoding: 'utf8', timeout: 120_000 });
    const r = JSON.parse(out.trim().split('\n').pop());
    assert.equal(r.status, 'ok', JSON.stringify(r).slice(0, 500));
    assert.equal(r.report.__result, 100000, 'the loop ran to the end');
    assert.equal(r.console.length, 202, 'the first 200 lines, the count of the dropped, and the later line');
    assert.equal(r.console[200], 'warn: paranoid: 99800 console lines and errors were dropped');
    assert.equal(r.console[201], 'log: later');
  });
}
