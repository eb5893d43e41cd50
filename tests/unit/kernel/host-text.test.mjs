'use strict';
// sandbox-page/kernel/host-text.js: what the kernel tells the host about a sandbox's values.
// Every value becomes text without letting a throw through (a throwing `toString`, getters on
// an error, proxies, revoked proxies), every text is cut to the policy's `hostTextLimit`, and a
// stack is shortened before it is cut; what the realm's scripts change afterwards (the string
// methods, `String`) changes nothing.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const LIMIT = kernelPolicy().hostTextLimit;

function hostText(shorten = (stack) => stack) {
  const { realm, c, makeHostText } = withCommons(['host-text.js']);
  return { realm, text: makeHostText(c, LIMIT, shorten) };
}

describe('cut', () => {
  it(`cuts text over hostTextLimit (${LIMIT}) to the limit and marks it`, () => {
    const { text } = hostText();
    assert.equal(text.cut('x'.repeat(LIMIT)), 'x'.repeat(LIMIT));
    const cut = text.cut('y'.repeat(LIMIT * 3));
    assert.equal(cut.length, LIMIT + 1);
    assert.equal(cut, `${'y'.repeat(LIMIT)}…`);
  });

  it('uses the captured slice, not what the realm has later', () => {
    const { realm, text } = hostText();
    realm.run('String.prototype.slice = function () { throw new Error("polluted slice"); };');
    assert.equal(text.cut('z'.repeat(LIMIT + 5)).length, LIMIT + 1);
  });
});

describe('safeString', () => {
  it('turns values into text as String does', () => {
    const { realm, text } = hostText();
    assert.equal(text.safeString('plain'), 'plain');
    assert.equal(text.safeString(42), '42');
    assert.equal(text.safeString(null), 'null');
    assert.equal(text.safeString(undefined), 'undefined');
    assert.equal(text.safeString(realm.run('Symbol("s")')), 'Symbol(s)');
    assert.equal(text.safeString(realm.run('({ toString() { return "mine"; } })')), 'mine');
  });

  it('gives (unprintable) for what throws while it becomes text, and never throws', () => {
    const { realm, text } = hostText();
    const hostile = realm.run(`[
      { toString() { throw new Error('no'); } },
      { [Symbol.toPrimitive]() { throw 'thrown string'; } },
      Object.create(null),
      new Proxy({}, { get() { throw new Error('trap'); } }),
      (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })(),
      { toString() { return {}; }, valueOf() { return {}; } },
    ]`);
    for (let i = 0; i < hostile.length; i++) assert.equal(text.safeString(hostile[i]), '(unprintable)', `value ${i}`);
  });

  it('uses the captured String, not the realm\'s', () => {
    const { realm, text } = hostText();
    realm.run('globalThis.String = function () { return "polluted"; };');
    assert.equal(text.safeString(7), '7');
  });
});

describe('describe', () => {
  it('reads an error\'s name, message and stack', () => {
    const { realm, text } = hostText();
    const described = text.describe(realm.run('new TypeError("bad thing")'));
    assert.equal(Object.getPrototypeOf(described), null);
    assert.equal(described.name, 'TypeError');
    assert.equal(described.message, 'bad thing');
    assert.match(described.stack, /TypeError: bad thing/);
  });

  it('calls a value that is no object an uncaught value', () => {
    const { text } = hostText();
    assert.deepEqual({ ...text.describe('just a string') }, { name: 'uncaught value', message: 'just a string', stack: '' });
    assert.deepEqual({ ...text.describe(undefined) }, { name: 'uncaught value', message: 'undefined', stack: '' });
  });

  it('survives throwing getters, proxies and revoked proxies', () => {
    const { realm, text } = hostText();
    const getters = text.describe(realm.run('({ name: "N", get message() { throw new RangeError("getter"); } })'));
    assert.equal(getters.name, 'N');
    assert.equal(getters.message, '(reading the error threw: RangeError: getter)');
    const unprintable = text.describe(realm.run('({ name: { toString() { throw 1; } }, message: "m", stack: "s" })'));
    assert.deepEqual({ ...unprintable }, { name: '(unprintable)', message: 'm', stack: 's' });
    const proxy = text.describe(realm.run('new Proxy({}, { get(t, k) { throw new Error("trap " + String(k)); } })'));
    assert.equal(proxy.message, '(reading the error threw: Error: trap name)');
    const revoked = text.describe(realm.run('(() => { const r = Proxy.revocable(function () {}, {}); r.revoke(); return r.proxy; })()'));
    assert.match(revoked.message, /^\(reading the error threw: TypeError/);
    // The error thrown while reading is itself hostile.
    const worse = text.describe(realm.run('({ get name() { throw { toString() { throw 2; } }; } })'));
    assert.equal(worse.message, '(reading the error threw: (unprintable))');
  });

  it('cuts each field, and shortens the stack before cutting it', () => {
    const url = `data:text/javascript,${'q'.repeat(LIMIT * 2)}`;
    const { realm, text } = hostText((stack) => stack.split(url).join('paranoid:script-0'));
    const error = realm.run(`({ name: "n".repeat(${LIMIT + 10}), message: "m".repeat(${LIMIT + 10}), stack: "at f (" + ${JSON.stringify(url)} + ":1:2)" })`);
    const described = text.describe(error);
    assert.equal(described.name.length, LIMIT + 1);
    assert.equal(described.message.length, LIMIT + 1);
    assert.equal(described.stack, 'at f (paranoid:script-0:1:2)');
  });
});
