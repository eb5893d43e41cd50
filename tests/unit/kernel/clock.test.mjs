'use strict';
// sandbox-page/kernel/clock.js: the virtual clock. Time stands still during synchronous code and
// moves only when the host calls in (exactly for a run, to the step below otherwise), timers run
// at exactly their virtual due time, in virtual order, and never earlier in real time than their
// delay, and nothing untrusted code can reach (the stand-ins, the realm's `Date.now`,
// `performance.now`, `Math.floor`, `Reflect.apply`) changes what the kernel reads.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, workerRealm, withCommons } from './load-kernel-file.mjs';

const STEP = kernelPolicy().clockStepMs;
/** The wall clock at boot (a multiple of the step, so that the expected values read plainly). */
const BOOT = 1_700_000_000_000;
const REAL_BOOT = 5_000;

/** A clock over a fresh worker realm whose wall clock reads BOOT and `performance.now()` REAL_BOOT. */
function bootClock() {
  const realm = workerRealm();
  realm.run(`Date.now = () => ${BOOT};`);
  realm.realTime = REAL_BOOT;
  const { c, makeClock } = withCommons(['clock.js'], { realm });
  const events = { changed: 0, uncaught: [] };
  const clock = makeClock(c, { changed() { events.changed++; }, uncaught(error) { events.uncaught.push(error); } }, STEP);
  const { Date, setTimeout, setInterval, clearTimeout, clearInterval, queueMicrotask } = clock.standIns;
  /** Runs every pending timer, as the kernel's event loop would (one per task). */
  const drain = (limit = 10_000) => { for (let i = 0; i < limit && clock.pending() > 0; i++) clock.runNext(); };
  return { realm, c, clock, events, Date, setTimeout, setInterval, clearTimeout, clearInterval, queueMicrotask, drain };
}

describe('virtual time', () => {
  it('stands still during synchronous code, whatever real time does', () => {
    const { realm, clock, Date } = bootClock();
    const first = Date.now();
    realm.realTime += 12_345;
    const spin = performance.now() + 20;
    while (performance.now() < spin) { /* real time passes */ }
    assert.equal(first, BOOT);
    assert.equal(Date.now(), first);
    assert.equal(new Date().getTime(), first);
    assert.equal(clock.now(), first);
    assert.equal(Date(), new (realm.global.Date)(BOOT).toString());
  });

  it('a run moves it to the host time exactly, and never backwards', () => {
    const { clock, Date } = bootClock();
    clock.hostCall(BOOT + 1234, true);
    assert.equal(Date.now(), BOOT + 1234);
    clock.hostCall(BOOT + 1000, true);
    assert.equal(Date.now(), BOOT + 1234, 'a host time in the past moves nothing');
    clock.hostCall(BOOT - 1e9, false);
    assert.equal(Date.now(), BOOT + 1234);
  });

  it(`any other call in moves it only to the ${STEP} ms step below the host time`, () => {
    const { clock, Date } = bootClock();
    clock.hostCall(BOOT + 1299, false);
    assert.equal(Date.now(), BOOT + 1200);
    clock.hostCall(BOOT + 1250, false);
    assert.equal(Date.now(), BOOT + 1200);
    clock.hostCall(BOOT + 1300.5, false);
    assert.equal(Date.now(), BOOT + 1300);
    // A run's exact time is never rounded back down by a later call in.
    clock.hostCall(BOOT + 1377, true);
    clock.hostCall(BOOT + 1399, false);
    assert.equal(Date.now(), BOOT + 1377);
  });

  it('a script awaiting answers from the host cannot time its own work below the step', () => {
    // What a sandbox can make the host send at will (GM replies, deliveries) comes back with the
    // host's time: only a run's time is exact, every other reading is a multiple of the step.
    const { clock, Date } = bootClock();
    let host = BOOT + 4321;
    clock.hostCall(host, true);
    const readings = [Date.now()];
    for (let i = 0; i < 500; i++) {
      host += 1 + Math.floor(Math.random() * 40); // the work the script wants to measure
      clock.hostCall(host, false);
      readings.push(Date.now());
    }
    for (let i = 1; i < readings.length; i++) {
      assert.ok(readings[i] >= readings[i - 1], 'never backwards');
      assert.ok(readings[i] === BOOT + 4321 || readings[i] % STEP === 0, `reading ${readings[i]} is neither the run's time nor on the step`);
    }
  });

  it('a host time that is not a number moves nothing, and is read without calling anything', () => {
    const { clock, Date } = bootClock();
    let called = false;
    const hostile = { valueOf() { called = true; return BOOT + 1e6; }, toString() { called = true; return String(BOOT + 1e6); } };
    for (const t of [NaN, undefined, null, String(BOOT + 1e6), hostile, BigInt(BOOT + 1e6)]) {
      clock.hostCall(t, true);
      clock.hostCall(t, false);
    }
    assert.equal(called, false);
    assert.equal(Date.now(), BOOT);
  });

  it('every call in is a new instant, even one that moves no time', () => {
    const { clock } = bootClock();
    const before = clock.instant();
    clock.hostCall(BOOT, true);
    clock.hostCall(NaN, false);
    clock.hostCall(BOOT + 50, false); // below the step: no move
    assert.equal(clock.instant(), before + 3);
    assert.equal(clock.now(), BOOT);
  });
});

describe('timers', () => {
  it('a timer runs with the clock at exactly its due time, with `this` undefined and its arguments', () => {
    const { clock, setTimeout, Date } = bootClock();
    const seen = [];
    setTimeout(function (a, b) { seen.push([Date.now(), this, a, b]); }, 250, 'x', 2);
    assert.equal(clock.pending(), 1);
    const instant = clock.instant();
    clock.runNext();
    assert.deepEqual(seen, [[BOOT + 250, undefined, 'x', 2]]);
    assert.equal(clock.now(), BOOT + 250, 'the clock stays where the timer moved it');
    assert.equal(clock.instant(), instant + 1, 'moving the clock is a new instant');
    assert.equal(clock.pending(), 0);
  });

  it('timers run in virtual order (due time, then creation), never in the order they were set', () => {
    const { setTimeout, drain } = bootClock();
    const order = [];
    setTimeout(() => order.push('a'), 300);
    setTimeout(() => order.push('b'), 100);
    setTimeout(() => order.push('c'), 200);
    setTimeout(() => order.push('d'), 100);
    setTimeout(() => { order.push('e'); setTimeout(() => order.push('f'), 0); }, 0);
    drain();
    assert.deepEqual(order, ['e', 'f', 'b', 'd', 'c', 'a']);
  });

  it('keep their order over hundreds of timers with odd delays and clears in between', () => {
    const { setTimeout, clearTimeout, clock, drain, Date } = bootClock();
    const delays = [-5, NaN, undefined, '250', '', 0.9, 1.9, 2 ** 31, Infinity, -Infinity, null, '1e3', { valueOf: () => 42 }];
    const expected = [];
    const ran = [];
    const cleared = new Set();
    for (let i = 0; i < 600; i++) {
      const timeout = i % 3 === 0 ? delays[i % delays.length] : Math.floor(Math.random() * 500);
      const id = setTimeout(() => ran.push([id, Date.now()]), timeout);
      expected.push({ id, due: BOOT + Math.min(Math.max(Math.floor(Number(timeout)) || 0, 0), 2147483647), seq: i });
      if (Math.random() < 0.25) { clearTimeout(id); cleared.add(id); }
    }
    assert.equal(clock.pending(), 600 - cleared.size);
    drain();
    const want = expected.filter((t) => !cleared.has(t.id)).sort((a, b) => a.due - b.due || a.seq - b.seq).map((t) => [t.id, t.due]);
    assert.deepEqual(ran, want);
  });

  it('never run early: the host moving the clock past a due time does not shorten the real delay', () => {
    const { realm, clock, setTimeout } = bootClock();
    setTimeout(() => {}, 1000);
    assert.equal(clock.realDelay(), 1000);
    realm.realTime += 400;
    assert.equal(clock.realDelay(), 600);
    clock.hostCall(BOOT + 5000, true); // virtual time is now far past the due time
    assert.equal(clock.realDelay(), 600, 'the timer still waits for its real delay');
    realm.realTime += 600;
    assert.equal(clock.realDelay(), 0);
  });

  it('never run early: nor before the virtual clock, anchored at the host time, reaches the due time', () => {
    const { realm, clock, setTimeout } = bootClock();
    setTimeout(() => {}, 1000); // due BOOT + 1000, not before real REAL_BOOT + 1000
    realm.realTime += 500;
    clock.hostCall(BOOT + 10, true); // half a second later the host's clock says only 10 ms passed
    assert.equal(clock.realDelay(), 990, 'the due time is 990 virtual ms after the host time');
  });

  it('the real anchor of a rounded call is the host time, not the step', () => {
    const { realm, clock, setTimeout } = bootClock();
    realm.realTime = REAL_BOOT + 2000;
    clock.hostCall(BOOT + 1299, false); // virtual BOOT + 1200 was the host's time 99 ms ago
    setTimeout(() => {}, 150); // due BOOT + 1350: 51 ms after the host's time
    assert.equal(clock.realDelay(), 150, 'the real delay binds');
    realm.realTime += 150;
    assert.equal(clock.realDelay(), 0);
  });

  it('with none pending, there is nothing to wait for and nothing to run', () => {
    const { clock, setTimeout, clearTimeout } = bootClock();
    assert.equal(clock.realDelay(), -1);
    clearTimeout(setTimeout(() => assert.fail('cleared'), 10));
    assert.equal(clock.realDelay(), -1);
    assert.equal(clock.pending(), 0);
    clock.runNext();
    assert.equal(clock.now(), BOOT);
  });

  it('an interval moves by its delay from when it ran, and stops when cleared from inside', () => {
    const { setInterval, clearInterval, drain, Date } = bootClock();
    const times = [];
    const id = setInterval(() => { times.push(Date.now()); if (times.length === 3) clearInterval(id); }, 100);
    const zero = [];
    const id0 = setInterval(() => { zero.push(Date.now()); if (zero.length === 3) clearInterval(id0); }, 0);
    drain();
    assert.deepEqual(times, [BOOT + 100, BOOT + 200, BOOT + 300]);
    assert.deepEqual(zero, [BOOT, BOOT + 1, BOOT + 2], 'a zero interval still moves the clock');
  });

  it('string handlers (eval in disguise) and other non-functions are refused, and nothing is set', () => {
    const { clock, events, setTimeout, setInterval, queueMicrotask, realm } = bootClock();
    for (const handler of ['globalThis.hit = 1', { call() {} }, null, undefined, 42]) {
      assert.throws(() => setTimeout(handler, 0), realm.global.TypeError);
      assert.throws(() => setInterval(handler, 0), realm.global.TypeError);
      assert.throws(() => queueMicrotask(handler), realm.global.TypeError);
    }
    assert.equal(clock.pending(), 0);
    assert.equal(events.changed, 0);
  });

  it('tell the event loop of every change, but not of clearing what is not set', () => {
    const { events, setTimeout, clearTimeout, clearInterval } = bootClock();
    const id = setTimeout(() => {}, 10);
    assert.equal(events.changed, 1);
    clearTimeout(12345);
    clearTimeout('nonsense');
    clearTimeout(undefined);
    assert.equal(events.changed, 1);
    clearInterval(String(id)); // ids are read as numbers, as WebIDL's `long`
    assert.equal(events.changed, 2);
    clearTimeout(id);
    assert.equal(events.changed, 2);
  });

  it('a handler that throws is reported as uncaught, and the next timer still runs', () => {
    const { events, setTimeout, drain } = bootClock();
    const boom = new Error('boom');
    let after = false;
    setTimeout(() => { throw boom; }, 10);
    setTimeout(() => { after = true; }, 20);
    drain();
    assert.deepEqual(events.uncaught, [boom]);
    assert.equal(after, true);
  });

  it('queueMicrotask runs after the current code, with `this` undefined, its throws reported', async () => {
    const { events, queueMicrotask } = bootClock();
    const order = [];
    const boom = new Error('micro');
    queueMicrotask(function () { order.push(['task', this]); });
    queueMicrotask(() => { throw boom; });
    order.push('sync');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['sync', ['task', undefined]]);
    assert.deepEqual(events.uncaught, [boom]);
  });

  it('a setTimeout cut short by a stack overflow never leaves the timers out of order', () => {
    // Untrusted code can call in with almost no stack left: wherever the overflow hits, the
    // timers that were set still run exactly once each, in virtual order.
    const { realm, setTimeout, drain, Date } = bootClock();
    const isOverflow = (error) => error instanceof RangeError || error instanceof realm.global.RangeError;
    const ran = new Map();
    const order = [];
    const set = [];
    let deepest = 0, overflows = 0, overflowsInside = 0, entered = false;
    const call = () => {
      const delay = Math.floor(Math.random() * 1000);
      const tag = {};
      entered = true;
      const id = setTimeout(() => { ran.set(tag, (ran.get(tag) ?? 0) + 1); order.push(Date.now()); }, delay);
      set.push(tag);
      return id;
    };
    // One function both finds the depth and, at a chosen depth, sets a timer. Its frames shrink
    // as the engine optimises it, so the depth is found again after a few rounds, and the sweep
    // goes down from there until calls stop overflowing.
    const go = (n, target) => { deepest = n; if (n < target) return go(n + 1, target); return call(); };
    for (let round = 0; round < 5; round++) try { go(0, Infinity); } catch { /* found the depth */ }
    for (let d = deepest, fitted = 0; d > 0 && fitted < 100; d--) {
      entered = false;
      try { go(0, d); fitted++; } catch (error) {
        if (!isOverflow(error)) throw error;
        fitted = 0;
        overflows++;
        if (entered) overflowsInside++;
      }
    }
    assert.ok(overflows > 0, 'no call overflowed: the test missed the stack limit');
    assert.ok(overflowsInside > 0, `of ${overflows} overflows none was inside setTimeout`);
    assert.ok(set.length > 0, 'no timer was set');
    drain();
    for (const tag of set) assert.equal(ran.get(tag), 1, 'every timer that was set runs exactly once');
    for (let i = 1; i < order.length; i++) assert.ok(order[i] >= order[i - 1], `out of order at ${i}: ${order[i - 1]} then ${order[i]}`);
  });
});

describe('Date and Intl', () => {
  it('`new Date()` and `Date()` read the virtual clock; a date given is kept; statics are real', () => {
    const { realm, Date, clock } = bootClock();
    const RealDate = realm.global.Date;
    clock.hostCall(BOOT + 777, true);
    assert.equal(new Date().getTime(), BOOT + 777);
    assert.equal(new Date(0).getTime(), 0);
    assert.equal(new Date(2020, 0, 2).getFullYear(), 2020);
    assert.equal(Date('ignored', 0), new RealDate(BOOT + 777).toString(), '`Date()` ignores its arguments, as the spec says');
    assert.equal(Date.parse, RealDate.parse);
    assert.equal(Date.UTC, RealDate.UTC);
    assert.equal(Date.length, 7);
    assert.equal(Date.name, 'Date');
  });

  it('instances are the realm\'s own dates: the prototype is shared, `constructor` is the stand-in', () => {
    const { realm, Date } = bootClock();
    const RealDate = realm.global.Date;
    const d = new Date();
    assert.ok(d instanceof Date && d instanceof RealDate);
    assert.equal(Date.prototype, RealDate.prototype);
    assert.equal(new RealDate(0).constructor, Date, 'every path to a date\'s constructor leads to the stand-in');
    class Later extends Date { later() { return this.getTime() + 1; } }
    assert.equal(new Later().later(), BOOT + 1, 'a subclass gets virtual time too');
    assert.ok(new Later() instanceof Later);
  });

  it('`Date.prototype.constructor` and `Date.prototype` cannot be put back', () => {
    const { realm, Date } = bootClock();
    const RealDate = realm.global.Date;
    const tries = [
      () => { 'use strict'; RealDate.prototype.constructor = RealDate; },
      () => Object.defineProperty(RealDate.prototype, 'constructor', { value: RealDate }),
      () => { 'use strict'; Date.prototype = {}; },
      () => Object.defineProperty(Date, 'prototype', { value: {} }),
    ];
    for (const attempt of tries) assert.throws(attempt, TypeError);
    assert.equal(Reflect.deleteProperty(RealDate.prototype, 'constructor'), false);
    assert.equal(RealDate.prototype.constructor, Date);
    assert.equal(Date.prototype, RealDate.prototype);
  });

  it('replacing the stand-in\'s `Date.now` (writable, as the spec has it) changes nothing the kernel reads', () => {
    const { clock, Date } = bootClock();
    Date.now = () => 0;
    assert.equal(clock.now(), BOOT);
    assert.equal(new Date().getTime(), BOOT);
  });

  it('tampering with the realm\'s clocks and built-ins after boot changes nothing the clock does', () => {
    const { realm, clock, setTimeout, Date } = bootClock();
    realm.run(`
      globalThis.__traps = 0;
      const trap = () => { globalThis.__traps++; return 0; };
      Date.now = trap;
      Performance.prototype.now = trap;
      Math.floor = trap;
      Reflect.apply = trap;
      Reflect.construct = trap;
      Function.prototype.call = trap;
      Function.prototype.apply = trap;
      Object.defineProperty = trap;
      Object.create = trap;
      globalThis.Number = trap;
    `);
    realm.realTime += 100;
    clock.hostCall(BOOT + 1299, false);
    assert.equal(Date.now(), BOOT + 1200, 'still rounded down to the step');
    let ran = null;
    setTimeout(() => { ran = Date.now(); }, '50');
    assert.equal(clock.realDelay(), 50, 'the real delay still comes from the captured `performance.now`');
    clock.runNext();
    assert.equal(ran, BOOT + 1250);
    assert.equal(new Date().getTime(), BOOT + 1250);
    assert.equal(realm.run('__traps'), 0, 'the clock called none of the replaced functions');
  });

  it('Intl.DateTimeFormat formats the virtual time when given no date', () => {
    const { realm, clock } = bootClock();
    const { standIns } = clock;
    clock.hostCall(BOOT + 123_456, true);
    const RealDate = realm.global.Date;
    const options = { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 };
    const dtf = new standIns.Intl.DateTimeFormat('en-US', options);
    const expected = dtf.format(new RealDate(BOOT + 123_456));
    assert.equal(dtf.format(), expected);
    assert.equal(dtf.format(undefined), expected);
    assert.deepEqual(dtf.formatToParts(), dtf.formatToParts(new RealDate(BOOT + 123_456)));
    assert.equal(dtf.format(0), dtf.format(new RealDate(0)), 'a date given is used');
    assert.equal(standIns.Intl, realm.global.Intl);
  });

  it('Intl.DateTimeFormat\'s time-reading methods cannot be put back', () => {
    const { realm } = bootClock();
    const proto = realm.global.Intl.DateTimeFormat.prototype;
    for (const key of ['format', 'formatToParts']) {
      assert.throws(() => Object.defineProperty(proto, key, { value: () => 'real time' }), TypeError, key);
      assert.equal(Reflect.deleteProperty(proto, key), false, key);
      assert.equal(Object.getOwnPropertyDescriptor(proto, key).configurable, false, key);
    }
    assert.throws(() => { 'use strict'; proto.formatToParts = () => []; }, TypeError);
  });

  it('the stand-ins and the clock itself are frozen', () => {
    const { clock } = bootClock();
    assert.ok(Object.isFrozen(clock));
    assert.ok(Object.isFrozen(clock.standIns));
    assert.equal(Object.getPrototypeOf(clock.standIns), null);
    assert.throws(() => { 'use strict'; clock.standIns.Date = function () {}; }, TypeError);
    assert.throws(() => { 'use strict'; clock.hostCall = () => {}; }, TypeError);
    for (const name of ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask']) {
      assert.equal(Object.hasOwn(clock.standIns[name], 'prototype'), false, `${name} is no constructor`);
      assert.throws(() => new clock.standIns[name](() => {}), TypeError);
    }
  });
});
