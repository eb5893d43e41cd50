'use strict';
// The handshake between the content script and its sandbox frame, as a page would attack it
// (content/sandbox-host.js, sandbox-page/frame.js). The page can reach a frame through
// `window.frames` in principle and navigate it to a document of its own, or post its own init to
// the real frame; each side must then give nothing away. Browsers are not needed to drive these
// paths: both files run here in fresh realms, over a stand-in DOM the test speaks for. The
// hostile pages of tests/page-attacks/ run the same attacks in Chromium and Firefox.

import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { webcrypto } from 'node:crypto';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const ROOT = new URL('../../', import.meta.url);
const policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));
const tick = () => new Promise((r) => setTimeout(r, 10));

// Every channel a realm makes is closed at the end: an open port would keep Node running.
const channels = [];
class TrackedChannel extends MessageChannel {
  constructor() { super(); channels.push(this); }
}
after(() => { for (const c of channels) { c.port1.close(); c.port2.close(); } });

/** The content script's sandbox host over a stand-in page; the test plays the frame. */
function hostRealm() {
  const observers = [];
  const timers = [];
  const inits = [];
  const makeElement = (tag) => {
    const listeners = {};
    const attributes = new Map();
    const el = {
      localName: tag,
      parentNode: null,
      get isConnected() { return this.parentNode !== null; },
      get attributes() { return { length: attributes.size }; },
      setAttribute(name, value) { attributes.set(name, String(value)); },
      getAttribute(name) { return attributes.has(name) ? attributes.get(name) : null; },
      removeAttribute(name) { attributes.delete(name); },
      attachShadow() { return { appendChild: (child) => { child.parentNode = this; } }; },
      addEventListener(type, f, options) { (listeners[type] ||= []).push({ f, once: options && options.once }); },
      fire(type) { const ls = listeners[type] || []; listeners[type] = ls.filter((l) => !l.once); for (const l of ls) l.f(); },
      remove() { this.parentNode = null; },
      contentWindow: { postMessage: (data, origin, ports) => inits.push({ data, origin, ports }) },
    };
    return el;
  };
  const elements = [];
  const documentElement = { appendChild(child) { child.parentNode = documentElement; } };
  const context = vm.createContext({
    chrome: { runtime: { getURL: (p) => `chrome-extension://test/${p}` } },
    paranoidPolicy: () => policy,
    navigator: { hardwareConcurrency: 2 },
    crypto: webcrypto,
    MessageChannel: TrackedChannel,
    fetch: async () => ({ ok: true, blob: async () => new Blob([new ArrayBuffer(8)]) }),
    document: { documentElement, createElement: (tag) => { const e = makeElement(tag); elements.push(e); return e; } },
    MutationObserver: class { constructor(f) { this.f = f; observers.push(this); } observe() {} disconnect() { this.f = () => {}; } },
    setTimeout: (f, ms) => { timers.push({ f, ms }); return timers.length; },
    clearTimeout: (id) => { if (timers[id - 1]) timers[id - 1].f = () => {}; },
    Promise, Error, Map, Math, Array, Uint8Array, JSON,
  });
  vm.runInContext(readFileSync(new URL('shared/extension-api.js', ROOT), 'utf8'), context, { filename: 'extension-api.js' });
  vm.runInContext(readFileSync(new URL('content/sandbox-host.js', ROOT), 'utf8'), context, { filename: 'sandbox-host.js' });
  return { context, elements, inits, observers, timers, mutate: () => observers.forEach((o) => o.f([])) };
}

/** Starts a sandbox; returns the pending open, the frame element and the init once posted. */
async function boot(realm) {
  const opening = realm.context.paranoidOpenFrame(undefined);
  opening.catch(() => {});
  for (let i = 0; i < 50 && !realm.elements.some((e) => e.localName === 'iframe'); i++) await tick();
  const frame = realm.elements.find((e) => e.localName === 'iframe');
  const host = realm.elements.find((e) => e.localName === 'div');
  assert.ok(frame && host, 'a host and a frame were made');
  return { opening, frame, host };
}

const keysOf = (frame) => {
  const [frameKey, hostKey] = new URL(frame.getAttribute('src') ?? frame.src).hash.slice(1).split('.');
  return { frameKey, hostKey };
};

/** Listens on the port a frame would get, as the page's document in that frame's place. */
function takePort(init) {
  const port = init.ports[0];
  const got = [];
  port.onmessage = (e) => got.push(e.data);
  return { port, got };
}

describe('the content script against a frame the page replaced', () => {
  it('the host is a plain div, never a custom element, and the frame URL carries two fresh 128-bit keys', async () => {
    const realm = hostRealm();
    const { frame, host } = await boot(realm);
    assert.equal(host.localName, 'div');
    assert.equal(frame.getAttribute('sandbox'), 'allow-scripts');
    const { frameKey, hostKey } = keysOf(frame);
    assert.match(frameKey, /^[0-9a-f]{32}$/);
    assert.match(hostKey, /^[0-9a-f]{32}$/);
    assert.notEqual(frameKey, hostKey);
    const second = await boot(hostRealm());
    assert.notEqual(keysOf(second.frame).frameKey, frameKey, 'fresh for each frame');
  });

  for (const [what, hello] of [
    ['no key', { type: 'hello' }],
    ['a guessed key', { type: 'hello', key: '0'.repeat(32) }],
    ['the host key it was sent', null],
    ['not a hello', { type: 'ready' }],
  ]) {
    it(`sends nothing, and ends the sandbox, when the frame answers with ${what}`, async () => {
      const realm = hostRealm();
      const { opening, frame } = await boot(realm);
      frame.fire('load');
      await tick();
      assert.equal(realm.inits.length, 1);
      const init = realm.inits[0];
      assert.equal(init.data.key, keysOf(frame).hostKey, 'the init carries the host key only');
      assert.equal(Object.keys(init.data).length, 1);
      const attacker = takePort(init);
      attacker.port.postMessage(hello ?? { type: 'hello', key: init.data.key });
      await assert.rejects(opening, /did not prove itself/);
      await tick();
      assert.deepEqual(attacker.got, [], 'nothing reached the port: no core, no configure, no source');
      assert.equal(frame.parentNode?.parentNode ?? null, null, 'the host is gone');
      attacker.port.close();
    });
  }

  it('goes on only after the frame key, and a second load (a navigation) ends it', async () => {
    const realm = hostRealm();
    const { opening, frame } = await boot(realm);
    frame.fire('load');
    await tick();
    const real = takePort(realm.inits[0]);
    real.port.postMessage({ type: 'hello', key: keysOf(frame).frameKey });
    for (let i = 0; i < 50 && real.got.length === 0; i++) await tick();
    assert.equal(real.got[0].type, 'create', 'the core goes to the proven frame');
    real.port.postMessage({ type: 'ready' });
    const sandbox = await opening;
    frame.fire('load');
    assert.match(sandbox.handle.death.reason, /navigated the sandbox frame/);
    real.port.close();
  });

  it('ends a sandbox whose frame never answers, at the deadline', async () => {
    const realm = hostRealm();
    const { opening, frame } = await boot(realm);
    frame.fire('load');
    await tick();
    const deadline = realm.timers.find((t) => t.ms === policy.frameProofMs);
    assert.ok(deadline, `a timer of frameProofMs (${policy.frameProofMs} ms)`);
    deadline.f();
    await assert.rejects(opening, /did not answer within/);
    realm.inits[0].ports[0].close();
  });

  for (const [what, act, reason] of [
    ['removes', (host) => host.remove(), /removed the sandbox frame/],
    ['moves', (host) => { host.parentNode = { other: true }; }, /moved the sandbox frame/],
    ['restyles', (host) => host.setAttribute('style', 'display:block'), /changed the sandbox frame's host/],
    ['adds an attribute to', (host) => host.setAttribute('id', 'x'), /changed the sandbox frame's host/],
    ['hides', (host) => host.setAttribute('style', 'display:none'), /changed the sandbox frame's host/],
    ['makes focusable', (host) => host.removeAttribute('inert'), /changed the sandbox frame's host/],
  ]) {
    it(`ends the sandbox when the page ${what} its host`, async () => {
      const realm = hostRealm();
      const { opening, host } = await boot(realm);
      act(host);
      realm.mutate();
      await assert.rejects(opening, reason);
    });
  }
});

/** The frame's own script in a fresh realm, over a stand-in window whose URL the test sets. */
function frameRealm(hash, { scrub: withScrub = true, before = '' } = {}) {
  const listeners = [];
  const parent = { name: 'parent' };
  const g = {
    location: { hash },
    parent,
    paranoidPolicy: () => policy,
    paranoidKernel: () => {},
    paranoidWorkerDriver: () => ({ fromHost: () => {} }),
  };
  // Only what frame.js needs of a window: its listeners (a class made out here, so that the
  // frame's scrub of its own globals cannot take these closures away).
  g.EventTarget = class {
    addEventListener(type, f) { listeners.push(f); }
    removeEventListener(type, f) { const i = listeners.indexOf(f); if (i >= 0) listeners.splice(i, 1); }
  };
  const context = vm.createContext(g);
  // The kernel's scrub, as the build hands it to the frame (`paranoidScrubGlobal` in kernel.js).
  if (withScrub) {
    const scrub = readFileSync(new URL('sandbox-page/kernel/scrub.js', ROOT), 'utf8');
    vm.runInContext(`globalThis.paranoidScrubGlobal = (function () { ${scrub}\nreturn scrubGlobal; })();`, context, { filename: 'scrub.js' });
  }
  vm.runInContext(before, context);
  let verdict = null;
  try { vm.runInContext(readFileSync(new URL('sandbox-page/frame.js', ROOT), 'utf8'), context, { filename: 'frame.js' }); } catch (error) { verdict = error; }
  const send = (data, ports, source = parent) => { for (const f of [...listeners]) f({ data, ports, source }); };
  return { send, parent, context, verdict };
}

describe('the frame\'s scrub (the kernel\'s scrub.js, with the frame\'s keep list)', () => {
  const frameKey = 'a'.repeat(32);
  const hostKey = 'b'.repeat(32);
  const answers = async (realm) => {
    const c = new TrackedChannel();
    const got = [];
    c.port1.onmessage = (e) => got.push(e.data);
    realm.send({ key: hostKey }, [c.port2]);
    await tick();
    c.port1.close();
    return got;
  };

  it('leaves the window only the policy\'s undeletable globals and what a window cannot delete', async () => {
    const realm = frameRealm(`#${frameKey}.${hostKey}`);
    assert.equal(realm.verdict, null, `the scrub held: ${realm.verdict}`);
    const left = Reflect.ownKeys(vm.runInContext('this', realm.context));
    const allowed = [...policy.undeletableGlobals, ...policy.frameUnforgeable];
    for (const key of left) assert.ok(allowed.includes(key), `${String(key)} is left on the frame's window`);
    for (const name of ['paranoidScrubGlobal', 'paranoidPolicy', 'paranoidWorkerDriver', 'EventTarget', 'Object', 'eval', 'Function']) {
      assert.equal(left.includes(name), false, name);
    }
    assert.deepEqual(await answers(realm), [{ type: 'hello', key: frameKey }], 'and then takes the init');
  });

  it('fails closed, answering no init, when a global cannot be deleted', async () => {
    for (const name of ['fetch', 'somethingElse']) {
      const realm = frameRealm(`#${frameKey}.${hostKey}`, {
        before: `Object.defineProperty(globalThis, '${name}', { value: function () {}, configurable: false });`,
      });
      assert.match(String(realm.verdict), new RegExp(`the frame's scrub failed: cannot delete the global ${name}`));
      assert.deepEqual(await answers(realm), [], name);
    }
  });

  it('fails closed, answering no init, without the kernel\'s scrub', async () => {
    const realm = frameRealm(`#${frameKey}.${hostKey}`, { scrub: false });
    assert.match(String(realm.verdict), /no scrub/);
    assert.deepEqual(await answers(realm), []);
  });
});

describe('the frame against an init the page forged', () => {
  const frameKey = 'a'.repeat(32);
  const hostKey = 'b'.repeat(32);
  for (const [what, data, source] of [
    ['no key', {}, undefined],
    ['the old nonce shape', { nonce: hostKey }, undefined],
    ['the frame key instead of the host key', { key: frameKey }, undefined],
    ['the host key from a window other than its parent', { key: hostKey }, { other: true }],
  ]) {
    it(`answers no init with ${what}`, async () => {
      const realm = frameRealm(`#${frameKey}.${hostKey}`);
      const c = new TrackedChannel();
      const got = [];
      c.port1.onmessage = (e) => got.push(e.data);
      realm.send(data, [c.port2], source ?? realm.parent);
      await tick();
      assert.deepEqual(got, []);
      c.port1.close();
    });
  }

  it('answers the host key with the frame key, once', async () => {
    const realm = frameRealm(`#${frameKey}.${hostKey}`);
    const c = new TrackedChannel();
    const got = [];
    c.port1.onmessage = (e) => got.push(e.data);
    realm.send({ key: hostKey }, [c.port2]);
    const d = new TrackedChannel();
    const later = [];
    d.port1.onmessage = (e) => later.push(e.data);
    realm.send({ key: hostKey }, [d.port2]);
    await tick();
    assert.deepEqual(got, [{ type: 'hello', key: frameKey }]);
    assert.deepEqual(later, [], 'a second init, even with the key, is ignored');
    c.port1.close();
    d.port1.close();
  });

  it('takes no init at all when its URL has short or missing keys', async () => {
    for (const hash of ['', '#', `#${frameKey}`, '#a.b']) {
      const realm = frameRealm(hash);
      const c = new TrackedChannel();
      const got = [];
      c.port1.onmessage = (e) => got.push(e.data);
      realm.send({ key: hash.split('.')[1] ?? '' }, [c.port2]);
      await tick();
      assert.deepEqual(got, [], hash);
      c.port1.close();
    }
  });
});
