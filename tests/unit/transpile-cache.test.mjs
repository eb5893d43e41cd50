'use strict';
// The background's cache of transpiled page and quarantined scripts (background/transpile-cache.js),
// with the real policy table and a stand-in core that counts its calls: a text is built only the
// second time its partition sees it, its text asked of one content script, never again once
// refused; a text not asked for builds nothing; partitions share nothing but the bound on their
// number; a site's work per minute and the cache's size stay bounded. The browser tests
// (bad-input, page-scripts) drive the real background and core.

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
  const wrapped = { lookup: (p, k) => plain(made.lookup(p, k)), sent: (p, t) => made.sent(p, t), held: (p, t) => made.held(p, t) };
  return { cache: wrapped, calls, at: (ms) => { now = ms; } };
}
const text = (n, fill = 'a') => `var x = "${fill.repeat(n)}";`;
const A = { id: 'normal  A a', site: 'normal  A' };
const AB = { id: 'normal  A b', site: 'normal  A' };
const B = { id: 'normal  B b', site: 'normal  B' };

describe('the transpile cache', () => {
  it('builds a text the second time its partition sees it, asking one content script for it', async () => {
    const { cache: c, calls } = cache();
    const t = text(MIN);
    assert.deepEqual(c.lookup(A, hex(t)), {}, 'first sighting');
    assert.deepEqual(c.lookup(A, hex(t)), { send: true }, 'second: this asker sends it');
    assert.deepEqual(c.lookup(A, hex(t)), {}, 'others meanwhile get nothing');
    const built = await c.sent(A, t);
    assert.equal(built.digest, hex(built.code));
    assert.deepEqual(c.lookup(A, hex(t)), { built: JSON.parse(JSON.stringify(built)) });
    assert.equal(calls.length, 1);
  });

  it('builds nothing from a text it did not ask for', async () => {
    const { cache: c, calls } = cache();
    const t = text(MIN);
    assert.equal(await c.sent(A, t), null);
    assert.equal(await c.sent(A, t), null);
    c.lookup(A, hex(t));
    assert.equal(await c.sent(A, t), null, 'seen once is not asked');
    assert.equal(calls.length, 0);
  });

  it('shares nothing between partitions: another site, another frame, another browsing context', async () => {
    const { cache: c } = cache();
    const t = text(MIN);
    c.lookup(A, hex(t)); c.lookup(A, hex(t));
    assert.notEqual(await c.sent(A, t), null);
    for (const other of [B, AB, { id: 'private  A a', site: 'private  A' }, { id: 'normal container-2 A a', site: 'normal container-2 A' }]) {
      assert.deepEqual(c.lookup(other, hex(t)), {}, other.id);
    }
  });

  it('never builds a refused text again, and builds once for askers at once', async () => {
    const { cache: c, calls } = cache({ refuse: (t) => t.includes('RRRR') });
    const bad = text(MIN, 'R');
    c.lookup(A, hex(bad)); c.lookup(A, hex(bad));
    assert.equal(await c.sent(A, bad), null);
    assert.deepEqual(c.lookup(A, hex(bad)), {});
    assert.deepEqual(c.lookup(A, hex(bad)), {});
    assert.equal(await c.sent(A, bad), null);
    assert.equal(calls.length, 1);
    const t = text(MIN);
    c.lookup(A, hex(t)); c.lookup(A, hex(t));
    const all = await Promise.all(Array.from({ length: 10 }, () => c.sent(A, t)));
    assert.ok(all.every((b) => b !== null && b === all[0]));
    assert.equal(calls.length, 2);
  });

  it('asks again when the asked content script never sent the text', async () => {
    const { cache: c, at } = cache();
    const t = text(MIN);
    c.lookup(A, hex(t));
    assert.deepEqual(c.lookup(A, hex(t)), { send: true });
    at(30000);
    assert.deepEqual(c.lookup(A, hex(t)), {});
    at(61000);
    assert.deepEqual(c.lookup(A, hex(t)), { send: true });
  });

  it('builds a quarantined text it holds the second time, then hands the same build out', async () => {
    const { cache: c, calls } = cache();
    const t = text(MIN);
    assert.equal(await c.held(A, t), null);
    const built = await c.held(A, t);
    assert.notEqual(built, null);
    assert.equal(await c.held(A, t), built);
    assert.equal(calls.length, 1);
  });

  it('takes no text under the least size or over the page-script limit', async () => {
    const { cache: c, calls } = cache({ limits: { maxBytes: MIN * 4 } });
    for (const t of [text(10), text(MIN * 5)]) {
      c.lookup(A, hex(t)); c.lookup(A, hex(t));
      assert.equal(await c.sent(A, t), null);
      assert.equal(await c.held(A, t), null); assert.equal(await c.held(A, t), null);
    }
    assert.equal(calls.length, 0);
  });

  it('bounds what one partition, and all of them, have it receive and transpile a minute', async () => {
    const { cache: c, calls, at } = cache({ limits: { cacheCharsPerMinute: MIN * 3 + 100, cacheCharsPerMinuteAll: MIN * 5 + 100 } });
    // Each text costs its length once (received, hashed and transpiled): three fit a partition.
    const texts = Array.from({ length: 4 }, (_, i) => text(MIN, String(i)));
    const built = [];
    for (const t of texts) { c.lookup(A, hex(t)); c.lookup(A, hex(t)); built.push(await c.sent(A, t)); }
    assert.deepEqual(built.map((b) => b !== null), [true, true, true, false]);
    // Another frame of the same site has a budget of its own, within the background's.
    const others = Array.from({ length: 3 }, (_, i) => text(MIN, String.fromCharCode(97 + i)));
    const builtAB = [];
    for (const t of others) { c.lookup(AB, hex(t)); c.lookup(AB, hex(t)); builtAB.push(await c.sent(AB, t)); }
    assert.deepEqual(builtAB.map((b) => b !== null), [true, true, false], 'five in all');
    // A text longer than a minute's budget is never built.
    const long = text(MIN * 4, 'L');
    c.lookup(B, hex(long)); c.lookup(B, hex(long));
    assert.equal(await c.sent(B, long), null);
    at(60000);
    c.lookup(A, hex(texts[3])); c.lookup(A, hex(texts[3]));
    assert.notEqual(await c.sent(A, texts[3]), null, 'a new minute, a new budget');
    assert.equal(calls.length, 6);
  });

  it('bounds what one partition is handed out a minute, its own count only', async () => {
    const { cache: c, at } = cache({ limits: { cacheServedCharsPerMinute: 60 } });
    const t = text(MIN);
    c.lookup(A, hex(t)); c.lookup(A, hex(t));
    assert.notEqual(await c.sent(A, t), null, 'handed out: 29 of 60');
    const shown = [c.lookup(A, hex(t)), c.lookup(A, hex(t))];
    assert.deepEqual(shown.map((a) => a.built !== undefined), [true, false], 'a build of 29, twice more: 87 is over 60');
    c.lookup(AB, hex(t)); c.lookup(AB, hex(t));
    assert.notEqual(await c.sent(AB, t), null, 'another frame of the site: its own count');
    at(60000);
    assert.ok(c.lookup(A, hex(t)).built, 'a new minute, a new budget');
  });

  it('keeps a bounded number of partitions, entries and sightings, the least recently used going', async () => {
    const { cache: c } = cache({ limits: { cachePartitions: 2, cacheEntries: 2, cacheSeenKept: 3 } });
    const [t1, t2, t3] = ['1', '2', '3'].map((f) => text(MIN, f));
    for (const t of [t1, t2, t3]) { c.lookup(A, hex(t)); c.lookup(A, hex(t)); await c.sent(A, t); }
    assert.deepEqual(c.lookup(A, hex(t1)), {}, 'the oldest entry went: a first sighting again');
    assert.ok(c.lookup(A, hex(t2)).built);
    for (let i = 0; i < 5; i++) c.lookup(A, hex(String(i)));
    assert.deepEqual(c.lookup(A, hex('0')), {}, 'the oldest sighting was forgotten');
    assert.deepEqual(c.lookup(A, hex('4')), { send: true });
    c.lookup(B, hex(t2));
    c.lookup({ id: 'normal  C c', site: 'normal  C' }, hex(t2));
    assert.deepEqual(c.lookup(A, hex(t3)), {}, 'a third partition dropped the least recently used whole');
  });

  it('does not keep, nor make again, a build over the partition\'s size', async () => {
    const { cache: c, calls } = cache({ limits: { cacheChars: 10 } });
    const t = text(MIN);
    c.lookup(A, hex(t)); c.lookup(A, hex(t));
    assert.notEqual(await c.sent(A, t), null, 'the asker still gets it');
    for (let i = 0; i < 3; i++) assert.deepEqual(c.lookup(A, hex(t)), {});
    assert.equal(calls.length, 1);
  });
});
