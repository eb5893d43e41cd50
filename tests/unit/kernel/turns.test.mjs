'use strict';
// sandbox-page/kernel/turns.js: what the frame's watchdog sees. A turn opens before the sandbox's
// code runs and ends in a later task, after the microtasks it queued; the clock's next timer is
// armed only between turns and runs in a turn of its own; the CPU spent at an instant adds up
// across its turns and starts again at a new instant. A realm that replaced `setTimeout`,
// `MessagePort.prototype.postMessage` or `performance.now` afterwards changes nothing.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withCommons, workerRealm } from './load-kernel-file.mjs';

const task = () => new Promise((resolve) => setImmediate(resolve));
const ms = (n) => new Promise((resolve) => setTimeout(resolve, n));

/** A stand-in for clock.js: what turns.js reads of it, with timers the test sets. */
function fakeClock() {
  const clock = {
    at: 0,
    delays: [],
    ran: 0,
    instant() { return clock.at; },
    pending() { return clock.delays.length; },
    realDelay() { return clock.delays.length === 0 ? -1 : clock.delays[0]; },
    runNext() { clock.delays.shift(); clock.ran++; },
  };
  return clock;
}

function turnsRealm({ withClock = true } = {}) {
  const realm = workerRealm();
  // The delays the kernel arms its one real timer with, seen from the host's side.
  const armed = [];
  const setTimer = realm.global.setTimeout;
  realm.global.setTimeout = (f, delay) => { armed.push(delay); return setTimer(f, delay); };
  const { c, makeTurns } = withCommons(['turns.js'], { realm });
  realm.realTime = 1000;
  const posted = [];
  const state = { clock: withClock ? fakeClock() : null };
  const turns = makeTurns(c, realm.global, { post: (m) => posted.push({ ...m }), clock: () => state.clock });
  return { realm, turns, posted, state, armed };
}

describe('a turn', () => {
  it('opens once, with the instant and the real time, and ends in a later task', async () => {
    const { realm, turns, posted, state } = turnsRealm();
    state.clock.at = 7;
    turns.begin();
    turns.begin();
    assert.equal(turns.inTurn(), true);
    assert.deepEqual(posted, [{ type: 'turn', on: true, instant: 7, at: 1000 }]);
    realm.realTime = 1030;
    await task();
    await task();
    assert.equal(turns.inTurn(), false);
    assert.deepEqual(posted[1], { type: 'turn', on: false, pending: 0, at: 1030 });
    assert.equal(posted.length, 2);
  });

  it('ends only after the microtasks it queued have drained', async () => {
    const { realm, turns, posted } = turnsRealm();
    const order = [];
    turns.begin();
    // A chain of microtasks, as sandboxed code queues them inside its turn.
    let n = 0;
    const step = () => { order.push(`micro ${n}`); if (++n < 50) queueMicrotask(step); };
    queueMicrotask(step);
    realm.realTime = 1005;
    await task();
    await task();
    order.push(`end seen: ${posted.length === 2}`);
    assert.equal(order.length, 51);
    assert.equal(order[49], 'micro 49');
    assert.equal(order[50], 'end seen: true');
  });

  it('starts at instant 0 when there is no clock yet, and arms nothing', async () => {
    const { turns, posted } = turnsRealm({ withClock: false });
    turns.begin();
    await task();
    await task();
    assert.deepEqual(posted.map((m) => [m.on, m.instant ?? m.pending]), [[true, 0], [false, 0]]);
    turns.changed();
  });
});

describe('the CPU used at an instant', () => {
  it('adds up across the turns of one instant, counts the open turn, and restarts at a new instant', async () => {
    const { realm, turns, state } = turnsRealm();
    state.clock.at = 1;
    realm.realTime = 1000;
    turns.begin();
    realm.realTime = 1020;
    assert.equal(turns.used(), 20, 'the open turn counts');
    await task(); await task();
    assert.equal(turns.used(), 20);
    realm.realTime = 2000;
    turns.begin();
    realm.realTime = 2015;
    await task(); await task();
    assert.equal(turns.used(), 35, 'the same instant adds up');
    assert.equal(turns.instant(), 1);
    state.clock.at = 2;
    realm.realTime = 3000;
    turns.begin();
    assert.equal(turns.instant(), 2);
    assert.equal(turns.used(), 0, 'a new instant starts at zero');
    await task(); await task();
  });
});

describe('timers', () => {
  it('arms the clock\'s next timer after a turn ends, and runs it in a turn of its own', async () => {
    const { turns, posted, state } = turnsRealm();
    state.clock.delays = [5];
    turns.begin();
    await task(); await task();
    assert.equal(posted.at(-1).pending, 1);
    assert.equal(state.clock.ran, 0);
    await ms(30);
    assert.equal(state.clock.ran, 1);
    await task(); await task();
    const ons = posted.filter((m) => m.type === 'turn').map((m) => m.on);
    assert.deepEqual(ons, [true, false, true, false], 'the timer ran inside a turn');
  });

  it('arms nothing while a turn is open: the end of the turn does', async () => {
    const { turns, state, armed } = turnsRealm();
    turns.begin();
    state.clock.delays = [0];
    turns.changed();
    assert.equal(armed.length, 0, 'nothing armed inside the turn');
    await task(); await task();
    assert.deepEqual(armed, [0], 'the end of the turn armed it');
    await ms(10);
    assert.equal(state.clock.ran, 1);
    await task(); await task();
  });

  it('between turns, a change re-arms at once, replacing the timer before', async () => {
    const { turns, state } = turnsRealm();
    state.clock.delays = [10_000];
    turns.changed();
    state.clock.delays = [0];
    turns.changed();
    await ms(20);
    assert.equal(state.clock.ran, 1, 'the short timer ran; the long one was cleared');
    await task(); await task();
  });

  it('uses the setTimeout, port and performance.now it captured', async () => {
    const { realm, turns, posted, state } = turnsRealm();
    realm.run(`
      globalThis.setTimeout = () => { throw new Error('polluted setTimeout'); };
      globalThis.clearTimeout = () => { throw new Error('polluted clearTimeout'); };
      MessagePort.prototype.postMessage = () => { throw new Error('polluted postMessage'); };
      Object.getPrototypeOf(performance).now = () => { throw new Error('polluted now'); };`);
    state.clock.delays = [1];
    turns.begin();
    await task(); await task();
    await ms(20);
    assert.equal(state.clock.ran, 1);
    assert.ok(posted.length >= 3);
    await task(); await task();
  });
});
