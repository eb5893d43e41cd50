'use strict';
// sandbox-page/kernel/web-apis.js: the web platform's stand-ins. URL loses its object-URL
// statics (while the loader's captured copies still work), crypto gives random values only and
// keeps working when the realm's Crypto prototype is tampered with, performance and animation
// frames read the virtual clock, not real time.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const FRAME = kernelPolicy().animationFrameMs;

/** The stand-ins over a fresh realm, with a clock the test moves by hand. */
function boot() {
  const loaded = withCommons(['web-apis.js']);
  const { c, realm } = loaded;
  let virtual = 1_000_000;
  const timers = [];
  const clock = {
    now: () => virtual,
    standIns: {
      setTimeout: (f, ms) => { timers.push({ f, ms }); return timers.length; },
      clearTimeout: (id) => { timers[id - 1] = null; },
    },
  };
  const web = loaded.makeWebApis(c, clock, FRAME);
  return { web: web.standIns, realm, c, timers, move: (ms) => { virtual += ms; } };
}

describe('the web platform stand-ins', () => {
  it('URL has no createObjectURL or revokeObjectURL, and the loader\'s captured one still works', () => {
    const { web, realm, c } = boot();
    assert.equal(web.URL, realm.global.URL);
    assert.equal('createObjectURL' in web.URL, false);
    assert.equal('revokeObjectURL' in web.URL, false);
    const url = c.apply(c.createObjectURL, undefined, [new realm.global.Blob(['1'])]);
    assert.match(url, /^blob:/);
  });

  it('crypto gives random values and UUIDs, nothing else, through the real methods', () => {
    const { web, realm } = boot();
    assert.deepEqual(Object.keys(web.crypto).sort(), ['getRandomValues', 'randomUUID']);
    assert.equal(Object.getPrototypeOf(web.crypto), null);
    assert.ok(Object.isFrozen(web.crypto));
    assert.equal(web.crypto.subtle, undefined);
    const a = new Uint8Array(32);
    assert.equal(web.crypto.getRandomValues(a), a);
    assert.ok(a.some((b) => b !== 0));
    assert.match(web.crypto.randomUUID(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Untrusted code replacing the realm's methods reaches neither the stand-in nor its answers.
    realm.run('Crypto.prototype.getRandomValues = function () { throw new Error("patched"); }; Crypto.prototype.randomUUID = () => "patched";');
    assert.doesNotThrow(() => web.crypto.getRandomValues(new Uint8Array(4)));
    assert.notEqual(web.crypto.randomUUID(), 'patched');
  });

  it('navigator gives the browser\'s and language\'s strings as they were at boot, and nothing that acts', async () => {
    const { web, realm } = boot();
    const nav = web.navigator;
    assert.equal(Object.getPrototypeOf(nav), null);
    assert.ok(Object.isFrozen(nav));
    assert.deepEqual(Object.keys(nav), ['userAgent', 'vendor', 'appVersion', 'appName', 'appCodeName', 'product', 'platform', 'language', 'languages', 'clipboard']);
    assert.equal(String(nav), '[object Navigator]');
    assert.equal(nav.vendor, '', 'a worker without vendor says none');
    assert.equal(nav.userAgent, 'Mozilla/5.0 (X11; Linux x86_64) TestEngine/1.0');
    assert.equal(nav.platform, 'Linux x86_64');
    assert.equal(nav.language, 'en-GB');
    assert.deepEqual([...nav.languages], ['en-GB', 'en', 'fr']);
    assert.ok(Object.isFrozen(nav.languages));
    assert.notEqual(nav.languages, realm.global.navigator.languages);
    for (const name of ['sendBeacon', 'onLine', 'hardwareConcurrency', 'storage', 'serviceWorker', 'geolocation']) assert.equal(nav[name], undefined, name);
    // There for feature tests; each call is refused as a browser refuses permission.
    assert.ok(Object.isFrozen(nav.clipboard));
    for (const name of ['writeText', 'readText', 'write', 'read']) {
      const answer = nav.clipboard[name]('x');
      assert.ok(answer instanceof realm.global.Promise, name);
      await assert.rejects(answer, (e) => e instanceof realm.global.DOMException && e.name === 'NotAllowedError' && /navigator\.clipboard is not available/.test(e.message));
    }
    // What runs later and patches the realm's navigator changes no answer.
    realm.run('Object.defineProperty(WorkerNavigator.prototype, "userAgent", { get() { return "patched"; } });');
    assert.equal(nav.userAgent, 'Mozilla/5.0 (X11; Linux x86_64) TestEngine/1.0');
  });

  it('performance.now() and timeOrigin read the virtual clock, which stands still in synchronous code', () => {
    const { web, move } = boot();
    assert.equal(web.performance.timeOrigin, 1_000_000);
    assert.equal(web.performance.now(), 0);
    const t = web.performance.now();
    for (let i = 0; i < 1e6; i++);
    assert.equal(web.performance.now(), t, 'real time passed, virtual time did not');
    move(250);
    assert.equal(web.performance.now(), 250);
    assert.equal(Object.getPrototypeOf(web.performance), null);
    assert.deepEqual(Object.keys(web.performance).sort(), ['now', 'timeOrigin', 'toJSON']);
  });

  it('requestAnimationFrame is a virtual timer of one frame, given the virtual time', () => {
    const { web, timers, move } = boot();
    const seen = [];
    const id = web.requestAnimationFrame((t) => seen.push(t));
    assert.equal(timers[id - 1].ms, FRAME);
    move(FRAME);
    timers[id - 1].f();
    assert.deepEqual(seen, [FRAME]);
    const other = web.requestAnimationFrame(() => seen.push('never'));
    web.cancelAnimationFrame(other);
    assert.equal(timers[other - 1], null);
    assert.throws(() => web.requestAnimationFrame('code'), /not a function/);
  });

  it('atob, btoa and structuredClone work whatever they are called on, as on a browser\'s global', () => {
    const { web } = boot();
    assert.equal(web.btoa('hi'), 'aGk=');
    assert.equal(web.atob.call({}, 'aGk='), 'hi');
    const copy = web.structuredClone.call(null, { a: [1] });
    assert.deepEqual(copy, { a: [1] });
    assert.equal(web.atob.length, 1);
    assert.equal(web.structuredClone.name, 'structuredClone');
  });
});
