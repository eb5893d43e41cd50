'use strict';
// sandbox-page/kernel/events.js: EventTarget, Event, CustomEvent, AbortController and
// AbortSignal written in the kernel. The fidelity case web-events.js must leave here the trace
// that Chromium and Firefox leave with their own classes (its expectation; Node's classes are no
// reference: they fire capturing listeners at the target in registration order, ignore
// `passive` and lack constants on the prototype); then what only the stand-ins promise:
// timeStamp and AbortSignal.timeout on the virtual clock, a throwing listener reported, state
// out of a script's reach, dispatch immune to a tampered realm.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { withCommons } from './load-kernel-file.mjs';

/** The stand-ins over a fresh realm, a virtual clock moved by hand and a timer queue. */
function boot({ setTimeout: realTimer } = {}) {
  const loaded = withCommons(['events.js']);
  const { c, realm } = loaded;
  let virtual = 0;
  const timers = [];
  const uncaught = [];
  const events = loaded.makeEvents(c, {
    now: () => virtual,
    setTimeout: realTimer ?? ((f, ms) => { timers.push({ f, ms }); return timers.length; }),
    uncaught: (error) => { uncaught.push(error); },
  });
  return { api: events.standIns, realm, timers, uncaught, move: (ms) => { virtual += ms; } };
}

const CASE = new URL('../../fidelity/web-events.js', import.meta.url);

describe('the DOM events and aborting stand-ins', () => {
  it('leave the trace browsers leave (the fidelity case web-events.js, its expectation taken from both)', async () => {
    const text = readFileSync(CASE, 'utf8');
    const expected = JSON.parse(/^\/\/ expect: (.*)$/m.exec(text)[1]);
    const { api, realm, uncaught } = boot({ setTimeout: (f, ms) => setTimeout(f, ms) });
    for (const [name, value] of Object.entries(api)) realm.global[name] = value;
    realm.run(text, 'web-events.js');
    await new Promise((resolve) => { setTimeout(resolve, 100); });
    assert.deepEqual(JSON.parse(realm.run('JSON.stringify(__result)')), expected);
    assert.equal(uncaught.length, 0);
  });

  it('timeStamp is the virtual performance.now() at creation, still in synchronous code', () => {
    const { api, move } = boot();
    move(1234.5);
    const a = new api.Event('a');
    for (let i = 0; i < 1e6; i++);
    const b = new api.Event('b');
    assert.equal(a.timeStamp, 1234.5);
    assert.equal(b.timeStamp, 1234.5);
    move(10);
    assert.equal(new api.CustomEvent('c').timeStamp, 1244.5);
    assert.equal(a.timeStamp, 1234.5);
  });

  it('AbortSignal.timeout is a virtual timer of exactly the delay, aborting with a TimeoutError', () => {
    const { api, timers } = boot();
    const signal = api.AbortSignal.timeout(250.9);
    assert.equal(timers.length, 1);
    assert.equal(timers[0].ms, 250);
    assert.equal(signal.aborted, false);
    const seen = [];
    signal.addEventListener('abort', (e) => seen.push([e.type, e.isTrusted, signal.reason.name]));
    timers[0].f();
    assert.equal(signal.aborted, true);
    assert.equal(signal.reason.name, 'TimeoutError');
    assert.equal(signal.reason.message, 'signal timed out');
    assert.deepEqual(seen, [['abort', true, 'TimeoutError']]);
    assert.equal(api.AbortSignal.timeout(0) instanceof api.AbortSignal, true);
    assert.equal(timers[1].ms, 0);
    assert.throws(() => api.AbortSignal.timeout(2 ** 53), { name: 'TypeError' });
    assert.throws(() => api.AbortSignal.timeout(Infinity), { name: 'TypeError' });
    assert.throws(() => api.AbortSignal.timeout(1n), { name: 'TypeError' });
    assert.throws(() => api.AbortSignal.timeout(), { name: 'TypeError' });
  });

  it('a throwing listener or handleEvent is reported as uncaught, and the next listener runs', () => {
    const { api, uncaught } = boot();
    const t = new api.EventTarget();
    const order = [];
    t.addEventListener('x', () => { order.push(1); throw new Error('first'); });
    t.addEventListener('x', { handleEvent: 5 });
    t.addEventListener('x', { get handleEvent() { throw new RangeError('getter'); } });
    t.addEventListener('x', () => order.push(2));
    assert.equal(t.dispatchEvent(new api.Event('x')), true);
    assert.deepEqual(order, [1, 2]);
    assert.deepEqual(uncaught.map((e) => e.name), ['Error', 'TypeError', 'RangeError']);
    assert.match(uncaught[1].message, /handleEvent/);
    // The event is whole again after the throws: dispatched once more.
    const e = new api.Event('x');
    t.dispatchEvent(e);
    assert.equal(t.dispatchEvent(e), true);
  });

  it('keeps its state out of a script\'s reach: no key, symbol or prototype leads to it', () => {
    const { api, realm } = boot();
    const e = new api.Event('x');
    assert.deepEqual(Reflect.ownKeys(e), ['isTrusted']);
    const t = new api.EventTarget();
    t.addEventListener('x', () => {});
    assert.deepEqual(Reflect.ownKeys(t), []);
    const ac = new api.AbortController();
    assert.deepEqual(Reflect.ownKeys(ac), []);
    assert.deepEqual(Reflect.ownKeys(ac.signal), []);
    assert.equal(Object.getPrototypeOf(api.Event.prototype), realm.global.Object.prototype);
    assert.equal(Object.getPrototypeOf(api.AbortSignal), api.EventTarget);
    assert.equal(Object.getPrototypeOf(api.CustomEvent.prototype), api.Event.prototype);
    // A proxy of an event or a target is no event or target.
    assert.throws(() => t.dispatchEvent(new Proxy(e, {})), { name: 'TypeError' });
    assert.throws(() => api.EventTarget.prototype.addEventListener.call(new Proxy(t, {}), 'x', () => {}), { name: 'TypeError' });
    // The constructor is illegal without the kernel's key, whatever is passed.
    assert.throws(() => new api.AbortSignal({}), { name: 'TypeError' });
    assert.throws(() => Reflect.construct(api.AbortSignal, [undefined], api.AbortSignal), { name: 'TypeError' });
    // isTrusted cannot be forged on an event: the accessor is unforgeable and reads the state.
    assert.throws(() => Object.defineProperty(e, 'isTrusted', { value: true }), { name: 'TypeError' });
    assert.equal(e.isTrusted, false);
  });

  it('returnValue\'s setter and initCustomEvent work as the standard has them (Node lacks both)', () => {
    const { api } = boot();
    const rv = new api.Event('r', { cancelable: true });
    rv.returnValue = false;
    assert.equal(rv.defaultPrevented, true);
    assert.equal(rv.returnValue, false);
    const fixed = new api.Event('r');
    fixed.returnValue = false;
    assert.equal(fixed.defaultPrevented, false);
    const ce = new api.CustomEvent('c', { detail: 1, bubbles: true });
    ce.initCustomEvent('d', false, false, 7);
    assert.deepEqual([ce.type, ce.detail, ce.bubbles], ['d', 7, false]);
    assert.equal(api.CustomEvent.prototype.initCustomEvent.length, 1);
    assert.throws(() => api.CustomEvent.prototype.initCustomEvent.call(new api.Event('x'), 'y'), { name: 'TypeError' });
  });

  it('dispatches and aborts correctly in a realm whose built-ins a script has tampered with', () => {
    const { api, realm } = boot();
    realm.run(`
      Object.defineProperty(Object.prototype, '0', { set() { throw new Error('index setter reached'); }, configurable: true });
      Object.defineProperty(Object.prototype, 'length', { set() { throw new Error('length setter reached'); }, configurable: true });
      Array.prototype.push = function () { throw new Error('push reached'); };
      Array.prototype[Symbol.iterator] = function () { throw new Error('iterator reached'); };
      Function.prototype.call = function () { throw new Error('call reached'); };
      Function.prototype.apply = function () { throw new Error('apply reached'); };
      Reflect.apply = function () { throw new Error('Reflect.apply reached'); };
    `);
    const t = new api.EventTarget();
    const seen = [];
    t.addEventListener('x', (e) => seen.push(e.type));
    t.addEventListener('x', { handleEvent: (e) => seen.push(`handled ${e.type}`) }, { once: true });
    t.dispatchEvent(new api.Event('x'));
    t.dispatchEvent(new api.Event('x'));
    const ac = new api.AbortController();
    ac.signal.addEventListener('abort', () => seen.push('abort'));
    const any = api.AbortSignal.any({ [Symbol.iterator]: function* () { yield ac.signal; } });
    any.onabort = () => seen.push('any');
    ac.abort();
    assert.deepEqual(seen, ['x', 'handled x', 'x', 'abort', 'any']);
  });
});
