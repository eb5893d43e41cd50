'use strict';
// sandbox-page/kernel/loader.js: how the kernel runs transpiled code. A short script becomes a
// data: URL with a short name that stacks show instead of the whole source; a long one a blob:
// URL (built from an iterator of its own, never Array.prototype's), loaded and revoked at once,
// unless blob: fails, when every script is a data: URL; the boot's probe finds the ways that
// load and fails when neither does; a function's code hands its function over or the load fails. The realm replacing `importScripts`, `URL`, `Blob` or the
// iteration protocol afterwards changes nothing.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, workerRealm, withCommons } from './load-kernel-file.mjs';

const PROBE = '__paranoid_rt__.functionResult(function probe() {});';
const policy = kernelPolicy();
const KEPT = policy.sandbox.dataUrlsKept;
const MAX = policy.sandbox.dataUrlMaxChars;
/** `code`, padded with a comment past the longest script that loads from a data: URL. */
const long = (code) => `${code}\n//${' '.repeat(MAX)}`;

/**
 * A loader over a fresh realm whose `__paranoid_rt__.functionResult` is the loader's hand-over,
 * as the kernel binds it. `refuse` makes the realm's importScripts refuse blob: or every URL.
 */
function loaderRealm({ refuse = null } = {}) {
  const realm = workerRealm();
  if (refuse !== null) {
    const original = realm.global.importScripts;
    realm.global.importScripts = (url) => {
      if (refuse === 'all' || String(url).startsWith('blob:')) throw new realm.global.Error(`SecurityError: ${String(url).slice(0, 20)}`);
      return original(url);
    };
  }
  const { c, makeLoader } = withCommons(['loader.js'], { realm });
  const loader = makeLoader(c, realm.global, policy);
  realm.global.__paranoid_rt__ = { functionResult: loader.handOver };
  return { realm, loader };
}

describe('blob: URLs, for long scripts', () => {
  it('the probe finds both ways where both load: data: up to the policy\'s length, blob: past it', () => {
    const { realm, loader } = loaderRealm();
    loader.choose(PROBE);
    assert.equal(loader.usesDataUrl('x'.repeat(MAX)), true);
    assert.equal(loader.usesDataUrl('x'.repeat(MAX + 1)), false);
    assert.deepEqual(realm.scripts, [PROBE, PROBE], 'the probe ran once each way');
    assert.equal(realm.blobUrls.size, 0, 'the probe\'s URL was revoked');
    assert.match(loader.prepare('1').url, /^data:/);
    assert.match(loader.prepare(long('1')).url, /^blob:/);
  });

  it('hold exactly the script, which runs once and whose URL is revoked after', () => {
    const { realm, loader } = loaderRealm();
    loader.choose(PROBE);
    const code = long('globalThis.ran = (globalThis.ran || 0) + 1; // ünïcödé \u2028 "quotes"');
    const script = loader.prepare(code);
    assert.match(script.url, /^blob:/);
    assert.equal(script.name, script.url, 'the host knows a blob: script by its URL');
    assert.equal(realm.blobUrls.get(script.url), code);
    loader.load(script.url);
    assert.equal(realm.global.ran, 1);
    assert.equal(realm.blobUrls.has(script.url), false);
  });

  it('are revoked when the script throws too', () => {
    const { realm, loader } = loaderRealm();
    loader.choose(PROBE);
    const script = loader.prepare(long('throw new RangeError("in the script")'));
    assert.throws(() => loader.load(script.url), (e) => e.name === 'RangeError');
    assert.equal(realm.blobUrls.size, 0);
  });

  it('are made without the realm\'s iteration protocol, Blob, URL or importScripts', () => {
    const { realm, loader } = loaderRealm();
    loader.choose(PROBE);
    realm.run(`
      Array.prototype[Symbol.iterator] = function () { throw new Error('polluted iterator'); };
      globalThis.Blob = function () { throw new Error('polluted Blob'); };
      globalThis.URL = { createObjectURL() { throw new Error('polluted URL'); } };
      globalThis.importScripts = function () { throw new Error('polluted importScripts'); };
      globalThis.encodeURIComponent = function () { throw new Error('polluted encode'); };`);
    const script = loader.prepare(long('globalThis.afterPollution = true;'));
    assert.equal(realm.blobUrls.get(script.url), long('globalThis.afterPollution = true;'), 'one part, the code');
    loader.load(script.url);
    assert.equal(realm.global.afterPollution, true);
  });
});

describe('data: URLs, for short scripts, and for all where blob: fails', () => {
  it('the probe falls back to them for every script', () => {
    const { realm, loader } = loaderRealm({ refuse: 'blob' });
    loader.choose(PROBE);
    assert.equal(loader.usesDataUrl(long('1')), true);
    assert.deepEqual(realm.scripts, [PROBE]);
    const script = loader.prepare(long('globalThis.longViaData = 1;'));
    assert.match(script.url, /^data:/);
    loader.load(script.url);
    assert.equal(realm.global.longViaData, 1);
  });

  it('are what short scripts get where both ways load, with a short name', () => {
    const { realm, loader } = loaderRealm();
    loader.choose(PROBE);
    const script = loader.prepare('globalThis.shortViaData = 2;');
    assert.match(script.url, /^data:/);
    assert.equal(script.name, 'paranoid:script-0', 'the probe took no name');
    loader.load(script.url);
    assert.equal(realm.global.shortViaData, 2);
    assert.equal(realm.blobUrls.size, 0, 'no blob: URL made for it');
  });

  it('carry the script, and a short name for the host', () => {
    const { realm, loader } = loaderRealm({ refuse: 'blob' });
    loader.choose(PROBE);
    const code = 'globalThis.viaData = "%, #, ü"';
    const first = loader.prepare(code);
    assert.ok(first.url.startsWith('data:text/javascript;charset=utf-8,'));
    assert.equal(decodeURIComponent(first.url.slice(first.url.indexOf(',') + 1)), code);
    assert.equal(first.name, 'paranoid:script-0', 'the probe took no name');
    assert.equal(loader.prepare('1').name, 'paranoid:script-1');
    loader.load(first.url);
    assert.equal(realm.global.viaData, '%, #, ü');
  });

  it('are swapped for their names in a stack, every occurrence', () => {
    const { loader } = loaderRealm({ refuse: 'blob' });
    loader.choose(PROBE);
    const a = loader.prepare('a()'.repeat(1000));
    const b = loader.prepare('b()');
    const stack = `Error: x\n    at f (${a.url}:1:5)\n    at g (${b.url}:1:1)\n    at h (${a.url}:1:9)`;
    assert.equal(loader.shorten(stack), 'Error: x\n    at f (paranoid:script-0:1:5)\n    at g (paranoid:script-1:1:1)\n    at h (paranoid:script-0:1:9)');
    assert.equal(loader.shorten('no URL here'), 'no URL here');
  });

  it(`remember the newest ${KEPT} only`, () => {
    const { loader } = loaderRealm({ refuse: 'blob' });
    loader.choose(PROBE);
    const urls = [];
    for (let i = 0; i < KEPT + 1; i++) urls.push(loader.prepare(`f${i}()`).url);
    assert.equal(loader.shorten(urls[0]), urls[0], 'the oldest is forgotten');
    assert.equal(loader.shorten(urls[1]), 'paranoid:script-1');
    assert.equal(loader.shorten(urls[KEPT]), `paranoid:script-${KEPT}`);
  });

  it('are made with the captured encodeURIComponent', () => {
    const { realm, loader } = loaderRealm({ refuse: 'blob' });
    loader.choose(PROBE);
    realm.run('globalThis.encodeURIComponent = () => "polluted";');
    const script = loader.prepare('globalThis.encoded = 1;');
    loader.load(script.url);
    assert.equal(realm.global.encoded, 1);
  });
});

describe('the boot\'s choice', () => {
  it('fails when neither way loads', () => {
    const { loader } = loaderRealm({ refuse: 'all' });
    assert.throws(() => loader.choose(PROBE), /neither from blob: nor from data: URLs/);
  });

  it('fails when the probe loads but hands nothing over', () => {
    const { loader } = loaderRealm();
    assert.throws(() => loader.choose('void 0;'), /neither from blob: nor from data: URLs/);
  });
});

describe('functions', () => {
  it('returns the function its code handed over', () => {
    const { loader } = loaderRealm();
    loader.choose(PROBE);
    const fn = loader.loadFunction('__paranoid_rt__.functionResult(function (a) { return a * 6; });');
    assert.equal(fn(7), 42);
  });

  it('fails when the code hands nothing over, or something that is no function', () => {
    const { loader } = loaderRealm();
    loader.choose(PROBE);
    assert.throws(() => loader.loadFunction('1 + 1;'), /did not hand itself over/);
    assert.throws(() => loader.loadFunction('__paranoid_rt__.functionResult({ not: "a function" });'), /did not hand itself over/);
  });

  it('never returns what an earlier load handed over', () => {
    const { loader } = loaderRealm();
    loader.choose(PROBE);
    assert.throws(() => loader.loadFunction('__paranoid_rt__.functionResult(function early() {}); throw new Error("then threw");'), /then threw/);
    assert.throws(() => loader.loadFunction('2;'), /did not hand itself over/);
  });

  it('names each function\'s data: URL too, so its stacks are short', () => {
    const { loader } = loaderRealm({ refuse: 'blob' });
    loader.choose(PROBE);
    const fn = loader.loadFunction('__paranoid_rt__.functionResult(function thrower() { throw new Error("inside"); });');
    let stack = '';
    try { fn(); } catch (e) { stack = e.stack; }
    assert.match(stack, /data:text\/javascript/, 'the engine names the data: URL');
    const short = loader.shorten(stack);
    assert.doesNotMatch(short, /data:/);
    assert.match(short, /paranoid:script-0/);
  });
});
