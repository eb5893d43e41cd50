'use strict';
// sandbox-page/kernel/console.js: the `console` stand-in and the uncaught errors, the sandbox's
// only messages to the host that it makes on its own. Each line is cut to `hostTextLimit`, hostile
// arguments never throw out of a log call, and a flood reaches the host as at most the policy's
// `sandbox.eventsPerInstant` messages an instant and `eventsPerSecond` a real second, the rest
// counted and said once.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const LIMIT = policy.hostTextLimit;
const PER_INSTANT = policy.sandbox.eventsPerInstant;
const PER_SECOND = policy.sandbox.eventsPerSecond;
const LEVELS = ['log', 'info', 'warn', 'error', 'debug'];

/** A console over a fresh realm; the test moves the virtual instant and the real time. */
function sandboxConsole() {
  const { realm, c, makeHostText, makeConsole } = withCommons(['host-text.js', 'console.js']);
  realm.realTime = 10_000;
  const state = { instant: 0 };
  const posted = [];
  const made = makeConsole(c, policy, {
    post: (message) => posted.push({ ...message }),
    instant: () => state.instant,
    text: makeHostText(c, LIMIT, (stack) => stack),
  });
  // The stand-in as sandboxed code sees it: a global of the realm.
  realm.global.sandboxConsole = made.standIn;
  return { realm, made, console: made.standIn, state, posted };
}

describe('the console stand-in', () => {
  it('is frozen, has no prototype, and offers exactly the five levels', () => {
    const { console } = sandboxConsole();
    assert.equal(Object.getPrototypeOf(console), null);
    assert.ok(Object.isFrozen(console));
    assert.deepEqual(Reflect.ownKeys(console).sort(), [...LEVELS].sort());
    for (const level of LEVELS) {
      assert.equal(console[level].name, level);
      assert.equal(Object.hasOwn(console[level], 'prototype'), false, `${level} is no constructor`);
      assert.throws(() => Reflect.construct(console[level], []), TypeError);
    }
  });

  it('sends each call as one line, its arguments joined by spaces, at its level', () => {
    const { realm, posted } = sandboxConsole();
    realm.run('sandboxConsole.log("a", 1, true, null, undefined, { toString() { return "obj"; } }); sandboxConsole.warn(); sandboxConsole.error("e");');
    assert.deepEqual(posted, [
      { type: 'console', level: 'log', text: 'a 1 true null undefined obj' },
      { type: 'console', level: 'warn', text: '' },
      { type: 'console', level: 'error', text: 'e' },
    ]);
  });

  it(`cuts a long line to hostTextLimit (${LIMIT})`, () => {
    const { realm, posted } = sandboxConsole();
    realm.run(`sandboxConsole.info("x".repeat(${LIMIT}), "y".repeat(${LIMIT}))`);
    assert.equal(posted[0].text.length, LIMIT + 1);
    assert.ok(posted[0].text.endsWith('x…'));
  });

  it('never throws for hostile arguments: each is (unprintable)', () => {
    const { realm, posted } = sandboxConsole();
    realm.run(`sandboxConsole.log(
      { toString() { throw new Error('no'); } },
      new Proxy({}, { get() { throw new Error('trap'); } }),
      (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })(),
      Object.create(null),
      'fine')`);
    assert.equal(posted[0].text, '(unprintable) (unprintable) (unprintable) (unprintable) fine');
  });

  it('keeps working when the realm replaces what it would call', () => {
    const { realm, posted } = sandboxConsole();
    realm.run(`
      String.prototype.slice = () => 'polluted';
      globalThis.String = () => 'polluted';
      Object.defineProperty(Object.prototype, 'type', { set() { throw new Error('setter'); }, configurable: true });
      sandboxConsole.debug(12, "z".repeat(${LIMIT + 1}));`);
    assert.equal(posted.length, 1);
    assert.equal(posted[0].level, 'debug');
    assert.equal(posted[0].text.slice(0, 3), '12 ');
    assert.equal(posted[0].text.length, LIMIT + 1);
  });
});

describe('uncaught errors', () => {
  it('are described field by field', () => {
    const { realm, made, posted } = sandboxConsole();
    made.uncaught(realm.run('new RangeError("out")'));
    made.uncaught(realm.run('({ get name() { throw 1; } })'));
    made.uncaught('a string');
    assert.equal(posted[0].type, 'uncaught');
    assert.equal(posted[0].error.name, 'RangeError');
    assert.equal(posted[0].error.message, 'out');
    assert.equal(posted[1].error.message, '(reading the error threw: 1)');
    assert.equal(posted[2].error.name, 'uncaught value');
  });
});

describe('the flood limits', () => {
  it(`sends at most ${PER_INSTANT} lines and errors an instant, and says once how many were dropped`, () => {
    const { realm, made, state, posted } = sandboxConsole();
    realm.run(`for (let i = 0; i < ${PER_INSTANT + 40}; i++) sandboxConsole.log(i);`);
    for (let i = 0; i < 10; i++) made.uncaught(new Error('more'));
    assert.equal(posted.length, PER_INSTANT);
    assert.equal(posted[PER_INSTANT - 1].text, String(PER_INSTANT - 1));
    state.instant = 1;
    realm.run('sandboxConsole.log("next instant")');
    assert.deepEqual(posted.slice(PER_INSTANT), [
      { type: 'console', level: 'warn', text: `paranoid: ${40 + 10} console lines and errors were dropped` },
      { type: 'console', level: 'log', text: 'next instant' },
    ]);
    state.instant = 2;
    realm.run('sandboxConsole.log("and no warning again")');
    assert.equal(posted.at(-1).text, 'and no warning again');
    assert.equal(posted.at(-2).text, 'next instant');
  });

  it(`sends at most ${PER_SECOND} a real second, however many instants (a chain of 1 ms timers)`, () => {
    const { realm, state, posted } = sandboxConsole();
    for (let i = 0; i < PER_SECOND + 100; i++) {
      state.instant = i;
      realm.run('sandboxConsole.log("tick")');
    }
    const lines = posted.filter((m) => m.text === 'tick');
    assert.equal(lines.length, PER_SECOND);
    realm.realTime += 1001;
    state.instant = -1;
    realm.run('sandboxConsole.log("a second later")');
    assert.equal(posted.at(-1).text, 'a second later');
  });
});
