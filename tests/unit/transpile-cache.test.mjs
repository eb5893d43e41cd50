'use strict';
// The background's cache of transpiled page and quarantined scripts (background/transpile-cache.js),
// with the real policy table and a stand-in core that counts its calls: a text is built only the
// second time its partition sees it, once however many ask at once, never once refused; partitions
// share nothing; the background's work per minute and the cache's size stay bounded. The browser
// tests (bad-input, page-scripts) drive the real background and core.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));
const hex = (text) => createHash('sha256').update(text).digest('hex');
const MIN = policy.pageScripts.cacheMinChars;

/** A fresh cache over a stand-in core; `now` is the clock the per-minute budget reads. */
function cache({ limits = {}, refuse = () => false } = {}) {
  const calls = [];
  let now = 0;
  const context = vm.createContext({
    paranoidPolicy: () => ({ ...policy, pageScripts: { ...policy.pageScripts, ...limits } }),
    paranoidSha256Hex: async (text) => hex(text),
    paranoidWasmCall: async () => { throw new Error('not in this test'); },
    Date: { now: () => now },
  });
  vm.runInContext(readFileSync(new URL('../../background/transpile-cache.js', import.meta.url), 'utf8'), context);
  const made = context.paranoidTranspileCache(async (text) => {
    calls.push(text);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return refuse(text) ? null : { code: `"use strict";/*built*/${text.length}`, sourceMap: '{}' };
  });
  // Plain objects of this realm, for deepEqual (the cache's are the context's).
  const plain = (v) => JSON.parse(JSON.stringify(v));
  const wrapped = { lookup: (p, k) => plain(made.lookup(p, k)), second: (p, t) => made.second(p, t) };
  return { cache: wrapped, calls, at: (ms) => { now = ms; } };
}
const text = (n, fill = 'a') => `var x = "${fill.repeat(n)}";`;

describe('the transpile cache', () => {
  it('builds a text only the second time its partition sees it, and then hands the same build out', async () => {
    const { cache: c, calls } = cache();
    const t = text(MIN);
    assert.equal(await c.second('A a', t), null, 'first sighting');
    assert.equal(calls.length, 0);
    const built = await c.second('A a', t);
    assert.equal(calls.length, 1);
    assert.equal(built.digest, hex(built.code));
    assert.deepEqual(c.lookup('A a', hex(t)), { built: JSON.parse(JSON.stringify(built)) });
    assert.equal(await c.second('A a', t), built);
    assert.equal(calls.length, 1, 'built once');
  });

  it('shares nothing between partitions', async () => {
    const { cache: c } = cache();
    const t = text(MIN);
    await c.second('A a', t);
    assert.notEqual(await c.second('A a', t), null);
    assert.deepEqual(c.lookup('B b', hex(t)), {}, 'another top site');
    assert.deepEqual(c.lookup('A b', hex(t)), {}, 'another frame in the same site');
  });

  it('builds once for tags that ask at once, and never again once refused', async () => {
    const { cache: c, calls } = cache({ refuse: (t) => t.includes('RRRR') });
    const t = text(MIN);
    await c.second('A a', t);
    const all = await Promise.all(Array.from({ length: 10 }, () => c.second('A a', t)));
    assert.equal(calls.length, 1);
    assert.ok(all.every((b) => b === all[0] && b !== null));
    const bad = text(MIN, 'R');
    await c.second('A a', bad);
    assert.equal(await c.second('A a', bad), null);
    assert.equal(await c.second('A a', bad), null);
    assert.deepEqual(c.lookup('A a', hex(bad)), {});
    assert.equal(calls.filter((x) => x === bad).length, 1, 'the refused text was transpiled once');
  });

  it('takes no text under the least size or over the page-script limit', async () => {
    const { cache: c, calls } = cache({ limits: { maxBytes: MIN * 4 } });
    for (const t of [text(10), text(MIN * 5)]) { await c.second('A a', t); assert.equal(await c.second('A a', t), null); }
    assert.equal(calls.length, 0);
  });

  it('bounds the background\'s work per minute, per partition and in all', async () => {
    const { cache: c, calls, at } = cache({ limits: { cacheCharsPerMinute: MIN * 3 + 100, cacheCharsPerMinuteAll: MIN * 5 + 100 } });
    const texts = Array.from({ length: 4 }, (_, i) => text(MIN, String(i)));
    for (const t of texts) await c.second('A a', t);
    const built = [];
    for (const t of texts) built.push(await c.second('A a', t));
    assert.deepEqual(built.map((b) => b !== null), [true, true, true, false], 'three such texts a minute for one partition');
    const other = Array.from({ length: 4 }, (_, i) => text(MIN, String.fromCharCode(97 + i)));
    for (const t of other) await c.second('B b', t);
    const builtB = [];
    for (const t of other) builtB.push(await c.second('B b', t));
    assert.deepEqual(builtB.map((b) => b !== null), [true, true, false, false], 'and five in all');
    at(60000);
    assert.notEqual(await c.second('A a', texts[3]), null, 'a new minute, a new budget');
    assert.equal(calls.length, 6);
  });

  it('keeps at most its entries and characters, dropping the least recently used', async () => {
    const { cache: c } = cache({ limits: { cacheEntries: 2 } });
    const [t1, t2, t3] = ['1', '2', '3'].map((f) => text(MIN, f));
    for (const t of [t1, t2, t3]) { await c.second('A a', t); await c.second('A a', t); }
    assert.deepEqual(c.lookup('A a', hex(t1)), {}, 'the oldest went: a first sighting again');
    assert.ok(c.lookup('A a', hex(t2)).built);
    assert.ok(c.lookup('A a', hex(t3)).built);
  });

  it('remembers a bounded number of first sightings', async () => {
    const { cache: c } = cache({ limits: { cacheSeenKept: 3 } });
    for (let i = 0; i < 5; i++) assert.deepEqual(c.lookup('A a', hex(String(i))), {});
    assert.deepEqual(c.lookup('A a', hex('0')), {}, 'the oldest sighting was forgotten');
    assert.deepEqual(c.lookup('A a', hex('4')), { send: true });
  });
});
