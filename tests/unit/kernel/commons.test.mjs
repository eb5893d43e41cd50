'use strict';
// sandbox-page/kernel/commons.js: the primordials the kernel captures before anything untrusted
// runs. Each is the realm's own at capture time (for the rows of the kernel review table,
// tests/kernel-review/commons-table.mjs, which rust-core/tests/node/kernel-commons.test.mjs
// checks key by key); accessors come from descriptors, never read through the object; the record
// is frozen and has no prototype; and replacing every one of them in the realm afterwards changes
// nothing the kernel holds or calls.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COMMONS_TABLE } from '../../kernel-review/commons-table.mjs';
import { loadKernelFiles, workerRealm } from './load-kernel-file.mjs';

/** Each row's owner in `realm` (undefined where the realm lacks it), evaluated by the test. */
function owners(realm) {
  const found = new Map();
  for (const row of COMMONS_TABLE) {
    if (row.kind === 'none') continue;
    try { found.set(row.key, realm.run(`(${row.owner})`)); } catch { found.set(row.key, undefined); }
  }
  return found;
}

/** The own descriptor of `name` on `owner`: the table names where each one lives. */
const descriptorOf = (owner, name) => {
  const desc = Object.getOwnPropertyDescriptor(owner, name);
  assert.ok(desc !== undefined, `${name} is not an own property of its owner in the test realm`);
  return desc;
};

/** What each row names in `realm`, read by the test itself (descriptors, not reads). */
function tableValues(realm) {
  const values = new Map();
  const found = owners(realm);
  for (const row of COMMONS_TABLE) {
    if (row.kind === 'none') continue;
    const owner = found.get(row.key);
    if (row.kind === 'constructor' || row.kind === 'prototype') { values.set(row.key, owner); continue; }
    const desc = owner === undefined ? undefined : descriptorOf(owner, row.name);
    values.set(row.key, desc === undefined ? undefined : row.kind === 'getter' ? desc.get : row.kind === 'setter' ? desc.set : desc.value);
  }
  return values;
}

/** Replaces, in the realm, every row's function or accessor half with a trap that counts its calls. */
function pollute(realm) {
  // Every owner first: once the traps are set, the realm's own code cannot be relied on.
  const found = owners(realm);
  realm.run('globalThis.__trapped = 0;');
  const trap = realm.run('(function trap() { globalThis.__trapped++; throw new Error("trap"); })');
  for (const row of COMMONS_TABLE) {
    const owner = found.get(row.key);
    if (row.kind === 'none' || owner === undefined) continue;
    if (row.kind === 'method' || row.kind === 'getter' || row.kind === 'setter') {
      descriptorOf(owner, row.name);
      const half = row.kind === 'method' ? { value: trap } : row.kind === 'getter' ? { get: trap } : { set: trap };
      Object.defineProperty(owner, row.name, half);
      continue;
    }
    // A constructor or prototype: every function and accessor on it (and on its prototype).
    for (const target of row.kind === 'constructor' ? [owner, owner.prototype] : [owner]) {
      if (target === undefined || target === null) continue;
      for (const key of Reflect.ownKeys(target)) {
        const desc = Object.getOwnPropertyDescriptor(target, key);
        if (!desc.configurable && !desc.writable) continue;
        if (typeof desc.value === 'function') Object.defineProperty(target, key, { value: trap });
        else if (!desc.configurable) continue;
        else if (desc.get || desc.set) Object.defineProperty(target, key, { get: trap, set: trap });
      }
    }
  }
}

function captured(realm = workerRealm()) {
  const { captureCommons } = loadKernelFiles(['commons.js'], { realm });
  const before = tableValues(realm);
  return { realm, before, c: captureCommons(realm.global) };
}

describe('capture', () => {
  it('takes each row of the kernel review table from the realm as it is at capture', () => {
    const { c, before, realm } = captured();
    for (const row of COMMONS_TABLE) {
      assert.ok(Object.hasOwn(c, row.key), row.key);
      if (row.kind !== 'none') assert.equal(c[row.key], before.get(row.key), row.key);
    }
    assert.equal(c.global, realm.global);
  });

  it('reads accessors from their descriptors, never through the prototype that holds them', () => {
    // The worker's getters throw "Illegal invocation" when read on their prototype, as these do:
    // capture works only because it never reads them.
    const realm = workerRealm();
    assert.throws(() => realm.run('MessageEvent.prototype.data'), /Illegal invocation/);
    assert.throws(() => realm.run('WebAssembly.Instance.prototype.exports'), realm.global.TypeError);
    const { c } = captured(realm);
    assert.equal(c.messageEventData, Object.getOwnPropertyDescriptor(realm.global.MessageEvent.prototype, 'data').get);
    assert.equal(c.instanceExports, Object.getOwnPropertyDescriptor(realm.global.WebAssembly.Instance.prototype, 'exports').get);
    const event = new realm.global.MessageEvent({ kind: 'ping' });
    assert.deepEqual(c.apply(c.messageEventData, event, []), { kind: 'ping' });
  });

  it('stops when a getter or method the kernel needs is missing', () => {
    for (const [tamper, message] of [
      ['delete WebAssembly.Memory.prototype.buffer;', /kernel: no getter buffer/],
      ['Object.defineProperty(WebAssembly.Instance.prototype, "exports", { value: 1 });', /kernel: no getter exports/],
      ['String.prototype.isWellFormed = "not a function";', /kernel: no method isWellFormed/],
      ['delete Promise.prototype.then;', /kernel: no method then/],
    ]) {
      const realm = workerRealm();
      realm.run(tamper);
      const { captureCommons } = loadKernelFiles(['commons.js'], { realm });
      assert.throws(() => captureCommons(realm.global), message, tamper);
    }
  });

  it('leaves the worker\'s own optional, so that the core\'s glue runs outside a worker', () => {
    const realm = workerRealm();
    realm.run('delete globalThis.MessageEvent; delete globalThis.MessagePort; delete globalThis.URL; delete globalThis.Performance; delete globalThis.performance;');
    const { c } = captured(realm);
    for (const key of ['messageEventData', 'portPostMessage', 'portOnmessageSet', 'createObjectURL', 'revokeObjectURL', 'performanceNow', 'performance']) {
      assert.ok(Object.hasOwn(c, key), key);
      assert.equal(c[key], undefined, key);
    }
  });

  it('gives a frozen record with no prototype: nothing inherited is ever consulted', () => {
    const { c, realm } = captured();
    assert.equal(Object.getPrototypeOf(c), null);
    assert.ok(Object.isFrozen(c));
    realm.run('Object.defineProperty(Object.prototype, "performanceNow", { get() { throw new Error("inherited"); } }); Object.prototype.evil = 1;');
    assert.equal(c.evil, undefined);
    assert.equal('toString' in c, false);
    assert.throws(() => { 'use strict'; c.apply = () => 'mine'; }, TypeError);
    assert.throws(() => { 'use strict'; c.newKey = 1; }, TypeError);
  });

  it('keeps a fatal UTF-8 decoder and an encoder of the kernel\'s own', () => {
    const { c, realm } = captured();
    const bytes = (list) => c.construct(c.Uint8Array, [list]);
    assert.equal(c.apply(c.textDecoderDecode, c.textDecoder, [bytes([0x6b, 0xc3, 0xa9])]), 'ké');
    assert.throws(() => c.apply(c.textDecoderDecode, c.textDecoder, [bytes([0x6b, 0xff])]), TypeError, 'invalid UTF-8 is refused, never replaced');
    const target = bytes(new Array(4).fill(0));
    const { written } = c.apply(c.textEncoderEncodeInto, c.textEncoder, ['é!', target]);
    assert.deepEqual([written, ...target], [3, 0xc3, 0xa9, 0x21, 0]);
    assert.ok(c.textDecoder instanceof realm.global.TextDecoder);
  });
});

describe('tampering after the capture', () => {
  it('leaves every captured value as it was', () => {
    const { c, before, realm } = captured();
    pollute(realm);
    for (const [key, value] of before) assert.equal(c[key], value, key);
    assert.notEqual(realm.run('String.prototype.slice'), c.stringSlice, 'the realm\'s own was replaced');
  });

  it('changes nothing the kernel calls through them', () => {
    const { c, realm } = captured();
    realm.realTime = 1234.5;
    pollute(realm);
    const call = (fn, self, ...args) => c.apply(fn, self, args);
    assert.equal(call(c.stringSlice, 'kernel', 1), 'ernel');
    assert.equal(call(c.stringIndexOf, 'kernel', 'r'), 2);
    assert.equal(call(c.stringIsWellFormed, 'a\uD800'), false);
    assert.equal(call(c.mathFloor, undefined, 2.7), 2);
    assert.equal(call(c.mathMax, undefined, 1, 3), 3);
    assert.equal(call(c.performanceNow, c.performance), 1234.5);
    assert.equal(call(c.jsonStringify, undefined, { a: [1] }), '{"a":[1]}');
    assert.equal(call(c.jsonParse, undefined, '{"a":2}').a, 2);
    assert.equal(call(c.textDecoderDecode, c.textDecoder, c.construct(c.Uint8Array, [[0x6f, 0x6b]])), 'ok');
    assert.equal(call(c.regExpExec, c.construct(c.RegExp, ['b+']), 'abbc')[0], 'bb');
    assert.equal(call(c.numberIsInteger, undefined, 3), true);
    const record = c.create(null);
    c.defineProperty(record, 'x', { __proto__: null, value: 1, enumerable: true });
    assert.equal(c.hasOwn(record, 'x'), true);
    const keys = c.ownKeys(record); // a realm array, whose prototype is trapped now: read by index
    assert.deepEqual([keys.length, keys[0]], [1, 'x']);
    assert.ok(c.isFrozen(c.freeze(c.create(null))));
    assert.equal(c.construct(c.TypeError, ['m']).message, 'm');
    let resolved = null;
    call(c.promiseThen, c.construct(c.Promise, [(resolve) => resolve(5)]), (v) => { resolved = v; });
    return new Promise((done) => setImmediate(done)).then(() => {
      assert.equal(resolved, 5);
      assert.equal(realm.run('__trapped'), 0, 'no trap was called');
    });
  });
});
