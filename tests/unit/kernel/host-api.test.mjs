'use strict';
// sandbox-page/kernel/host-api.js: `paranoid`, the host's object in a sandbox. `cpuLevel` is
// coarse; messages are granted only by `configure` and then frozen in; `postMessage` sends JSON
// text only, bounded in size and rate; `onMessage` keeps a bounded list; a delivery reaches every
// listener whatever one of them throws. Hostile data (throwing `toJSON`, cycles, BigInt, proxies)
// and a realm whose built-ins were replaced change none of it.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const MESSAGE_LIMIT = policy.messageLimit;
const MESSAGES_PER_SECOND = policy.sandbox.messagesPerSecond;
const CHARS_PER_SECOND = policy.sandbox.messageCharsPerSecond;
const LISTENERS = policy.sandbox.messageListeners;
const DEFAULT_CPU_MS = policy.sandbox.defaultCpuMs;

/** `paranoid` over a fresh realm; the test sets the CPU used at the instant and the real time. */
function hostApi() {
  const { realm, c, makeHostText, makeHostApi } = withCommons(['host-text.js', 'host-api.js']);
  realm.realTime = 50_000;
  const state = { instant: 0, used: 0 };
  const posted = [];
  const uncaught = [];
  const made = makeHostApi(c, policy, {
    post: (message) => posted.push({ ...message }),
    uncaught: (error) => uncaught.push(error),
    describe: makeHostText(c, policy.hostTextLimit, (s) => s).describe,
    instant: () => state.instant,
    used: () => state.used,
  });
  realm.global.paranoid = made.api;
  return { realm, made, api: made.api, state, posted, uncaught };
}

describe('before and after configure', () => {
  it('offers only cpuLevel until configure, then is frozen', () => {
    const { realm, made, api } = hostApi();
    assert.equal(Object.getPrototypeOf(api), null);
    assert.deepEqual(Object.keys(api), ['cpuLevel']);
    made.configure({ cpuMs: 100, capabilities: { __proto__: null } });
    assert.ok(Object.isFrozen(api));
    assert.deepEqual(Object.keys(api), ['cpuLevel']);
    assert.throws(() => realm.run('"use strict"; paranoid.postMessage = function () {};'), /not extensible|read.only|Cannot add/);
  });

  it('grants messages only for an own `messages: true`', () => {
    for (const capabilities of [undefined, null, 'messages', { messages: 'yes' }, { messages: 1 }, Object.create({ messages: true })]) {
      const { made, api } = hostApi();
      made.configure({ capabilities });
      assert.equal(Object.hasOwn(api, 'postMessage'), false, JSON.stringify(capabilities));
    }
    const { made, api } = hostApi();
    made.configure({ capabilities: { messages: true } });
    assert.deepEqual(Object.keys(api).sort(), ['cpuLevel', 'onMessage', 'postMessage']);
    assert.ok(Object.isFrozen(api));
  });
});

describe('cpuLevel', () => {
  it('is 0 to 3 by the share of the budget spent at this instant, with thresholds that move a little', () => {
    const { made, api, state } = hostApi();
    made.configure({ cpuMs: 200 });
    const at = (ms) => { state.used = ms; return api.cpuLevel(); };
    for (let instant = 0; instant < 50; instant++) {
      state.instant = instant;
      assert.equal(at(0), 0);
      assert.equal(at(0.44 * 200), 0);
      assert.equal(at(0.6 * 200), 1);
      assert.equal(at(0.81 * 200), 2);
      assert.equal(at(0.93 * 200), 3);
      assert.equal(at(5 * 200), 3);
    }
  });

  it(`takes the policy's default budget (${DEFAULT_CPU_MS} ms) when configure names none, or a bad one`, () => {
    for (const cpuMs of [undefined, 0, -5, NaN, '300', null]) {
      const { made, api, state } = hostApi();
      made.configure({ cpuMs });
      state.used = 0.6 * DEFAULT_CPU_MS;
      assert.equal(api.cpuLevel(), 1, String(cpuMs));
    }
  });

  it('draws new thresholds only at a new instant, with the captured Math.random', () => {
    const { realm, made, api, state } = hostApi();
    made.configure({ cpuMs: 100 });
    realm.run('Math.random = () => { throw new Error("polluted random"); };');
    state.used = 50;
    const first = api.cpuLevel();
    for (let i = 0; i < 100; i++) assert.equal(api.cpuLevel(), first, 'the same instant, the same answer');
    state.instant = 1;
    assert.ok([0, 1].includes(api.cpuLevel()));
  });
});

describe('postMessage', () => {
  const granted = () => {
    const made = hostApi();
    made.made.configure({ capabilities: { messages: true } });
    return made;
  };

  it('sends data as JSON text', () => {
    const { realm, posted } = granted();
    realm.run('paranoid.postMessage({ a: [1, "two", null], b: { c: true } }); paranoid.postMessage("s"); paranoid.postMessage(null);');
    assert.deepEqual(posted, [
      { type: 'message', json: '{"a":[1,"two",null],"b":{"c":true}}' },
      { type: 'message', json: '"s"' },
      { type: 'message', json: 'null' },
    ]);
  });

  it('refuses what is not JSON, with a TypeError', () => {
    const { realm, posted } = granted();
    for (const value of ['undefined', '() => 1', 'Symbol("s")', '1n', '(() => { const o = {}; o.o = o; return o; })()',
      '({ toJSON() { throw new Error("hostile toJSON"); } })', '({ get x() { throw new Error("hostile getter"); } })',
      'new Proxy({}, { ownKeys() { throw new Error("trap"); } })']) {
      const error = realm.run(`(() => { try { paranoid.postMessage(${value}); } catch (e) { return e; } })()`);
      assert.ok(error instanceof realm.global.TypeError, `${value}: ${error}`);
      assert.match(error.message, /^paranoid\.postMessage: the data is not JSON/, value);
    }
    const hostile = realm.run('(() => { try { paranoid.postMessage({ toJSON() { throw new Error("boom"); } }); } catch (e) { return e.message; } })()');
    assert.equal(hostile, 'paranoid.postMessage: the data is not JSON: boom');
    assert.deepEqual(posted, []);
  });

  it(`refuses JSON over messageLimit (${MESSAGE_LIMIT}) characters, with a RangeError`, () => {
    const { realm, posted } = granted();
    realm.run(`paranoid.postMessage("x".repeat(${MESSAGE_LIMIT - 2}))`);
    assert.equal(posted.length, 1);
    assert.throws(() => realm.run(`paranoid.postMessage("x".repeat(${MESSAGE_LIMIT - 1}))`), (e) => e.name === 'RangeError' && /over the limit/.test(e.message));
    assert.equal(posted.length, 1);
  });

  it(`sends at most ${MESSAGES_PER_SECOND} messages and ${CHARS_PER_SECOND} characters a real second`, () => {
    const { realm, posted } = granted();
    realm.run(`for (let i = 0; i < ${MESSAGES_PER_SECOND}; i++) paranoid.postMessage(i);`);
    assert.throws(() => realm.run('paranoid.postMessage("one more")'), (e) => e.name === 'RangeError' && /in one second/.test(e.message));
    realm.realTime += 1001;
    realm.run('paranoid.postMessage("a second later")');
    assert.equal(posted.length, MESSAGES_PER_SECOND + 1);

    const big = granted();
    const fit = Math.floor(CHARS_PER_SECOND / MESSAGE_LIMIT);
    big.realm.run(`const s = "y".repeat(${MESSAGE_LIMIT - 2}); for (let i = 0; i < ${fit}; i++) paranoid.postMessage(s);`);
    assert.throws(() => big.realm.run('paranoid.postMessage("y")'), (e) => e.name === 'RangeError');
    assert.equal(big.posted.length, fit);
  });

  it('uses the captured JSON.stringify, not the realm\'s', () => {
    const { realm, posted } = granted();
    realm.run('JSON.stringify = () => "polluted"; paranoid.postMessage([1]);');
    assert.equal(posted[0].json, '[1]');
  });
});

describe('onMessage and deliver', () => {
  const granted = () => {
    const made = hostApi();
    made.made.configure({ capabilities: { messages: true } });
    return made;
  };

  it('calls every listener with the parsed data and this undefined', () => {
    const { realm, made } = granted();
    realm.run('"use strict"; globalThis.got = []; paranoid.onMessage(function (d) { got.push(["first", d, this]); }); paranoid.onMessage((d) => got.push(["second", d]));');
    made.deliver('{"n":1}');
    const got = realm.run('got');
    assert.equal(got.length, 2);
    assert.deepEqual(JSON.parse(JSON.stringify(got[0][1])), { n: 1 });
    assert.equal(got[0][2], undefined);
    assert.equal(got[1][0], 'second');
  });

  it('reports a listener\'s throw as uncaught and still calls the next one', () => {
    const { realm, made, uncaught } = granted();
    realm.run('globalThis.got = 0; paranoid.onMessage(() => { throw new Error("listener"); }); paranoid.onMessage(() => { got++; });');
    made.deliver('1');
    assert.equal(realm.run('got'), 1);
    assert.equal(uncaught.length, 1);
    assert.equal(uncaught[0].message, 'listener');
  });

  it('drops text that is not JSON without calling anyone', () => {
    const { realm, made, uncaught } = granted();
    realm.run('globalThis.got = 0; paranoid.onMessage(() => { got++; });');
    made.deliver('{not json');
    assert.equal(realm.run('got'), 0);
    assert.deepEqual(uncaught, []);
  });

  it(`refuses a listener that is no function, and more than ${LISTENERS}`, () => {
    const { realm } = granted();
    for (const value of ['undefined', '"f"', '({ call() {} })', 'new Proxy({}, {})']) {
      assert.throws(() => realm.run(`paranoid.onMessage(${value})`), (e) => e.name === 'TypeError', value);
    }
    realm.run(`for (let i = 0; i < ${LISTENERS}; i++) paranoid.onMessage(() => {});`);
    assert.throws(() => realm.run('paranoid.onMessage(() => {})'), (e) => e.name === 'RangeError' && e.message.includes(`over ${LISTENERS} listeners`));
  });

  it('keeps its listeners out of reach of a realm that planted setters and replaced JSON.parse', () => {
    const { realm, made } = granted();
    realm.run(`
      globalThis.setterCalls = 0;
      for (let i = 0; i < 64; i++) {
        Object.defineProperty(Array.prototype, i, { set(v) { setterCalls++; }, get() { return undefined; }, configurable: true });
      }
      JSON.parse = () => 'polluted';
      globalThis.got = 0;
      paranoid.onMessage((d) => { if (d.ok === true) got++; });
      paranoid.onMessage((d) => { if (d.ok === true) got++; });`);
    made.deliver('{"ok":true}');
    assert.equal(realm.run('setterCalls'), 0, 'the listeners were defined, not set');
    assert.equal(realm.run('got'), 2, 'both listeners got the data the captured JSON.parse read');
  });
});
