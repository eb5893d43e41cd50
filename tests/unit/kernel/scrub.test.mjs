'use strict';
// sandbox-page/kernel/scrub.js: layer 2. On a fresh worker realm with a worker's prototype chain
// and the real policy's lists, everything but the allowlist goes, from the global and from every
// prototype up to Object.prototype; what will not go (a non-configurable global, a global that
// lies about being deleted or hides from `ownKeys`, a dangerous name left on a prototype or on
// Object.prototype) is reported, never passed over: the kernel then runs nothing.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, workerRealm, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const { reserved } = policy;

/**
 * A realm shaped like a dedicated worker: the dangerous globals on the global and on its
 * prototype chain (DedicatedWorkerGlobalScope → WorkerGlobalScope → EventTarget), the reserved
 * names bound as the kernel binds them. `before(realm)` runs before the commons are captured.
 */
function workerScope(before = () => {}) {
  const realm = workerRealm();
  realm.run(`
    const EventTargetPrototype = { addEventListener() {}, removeEventListener() {}, dispatchEvent() {} };
    const WorkerGlobalScopePrototype = Object.create(EventTargetPrototype, {
      fetch: { value: function fetch() {}, writable: true, enumerable: true, configurable: true },
      location: { get() { return 'https://host.test/'; }, enumerable: true, configurable: true },
      navigator: { get() { return {}; }, enumerable: true, configurable: true },
      close: { value: function close() {}, writable: true, enumerable: true, configurable: true },
      onmessage: { get() { return null; }, set(v) {}, enumerable: true, configurable: true },
    });
    const DedicatedPrototype = Object.create(WorkerGlobalScopePrototype, {
      [Symbol.toStringTag]: { value: 'DedicatedWorkerGlobalScope', configurable: true },
    });
    Object.setPrototypeOf(globalThis, DedicatedPrototype);
    for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'Worker', 'indexedDB', 'caches', 'crypto', 'FileReader', 'Request', 'Response', 'BroadcastChannel']) {
      globalThis[name] = function () {};
    }
    globalThis.TEMPORARY = 0;
    globalThis.PERSISTENT = 1;
  `);
  before(realm);
  const { c, scrubGlobal } = withCommons(['scrub.js'], { realm });
  for (const name of [reserved.scope, reserved.global, reserved.runtime]) {
    Object.defineProperty(realm.global, name, { value: Object.create(null), writable: false, enumerable: false, configurable: false });
  }
  const lists = {
    keep: [reserved.scope, reserved.global, reserved.runtime, ...policy.undeletableGlobals],
    constants: policy.undeletableConstants,
    mustBeGone: policy.mustBeGone,
  };
  const chain = [];
  const ObjectPrototype = realm.run('Object.prototype');
  for (let o = Object.getPrototypeOf(realm.global); o !== ObjectPrototype; o = Object.getPrototypeOf(o)) chain.push(o);
  return { realm, c, lists, chain, ObjectPrototype, scrub: (g = realm.global, l = lists) => [...scrubGlobal(c, g, l)] };
}

describe('on a worker\'s global', () => {
  it('leaves only the allowlist and the numeric constants, and reports nothing', () => {
    const { realm, scrub, lists } = workerScope();
    assert.ok(Reflect.ownKeys(realm.global).length > 60, 'the realm starts full');
    assert.deepEqual(scrub(), []);
    const allowed = new Set([...lists.keep, ...lists.constants]);
    assert.deepEqual(Reflect.ownKeys(realm.global).filter((k) => !allowed.has(k)), []);
    for (const name of [...policy.undeletableGlobals, reserved.scope]) assert.ok(Object.hasOwn(realm.global, name), name);
  });

  it('empties every prototype on the chain up to, not including, Object.prototype', () => {
    const { scrub, chain, ObjectPrototype } = workerScope();
    assert.equal(chain.length, 3, 'the three worker prototypes');
    assert.deepEqual(scrub(), []);
    for (const proto of chain) assert.deepEqual(Reflect.ownKeys(proto), []);
    assert.equal(typeof ObjectPrototype.hasOwnProperty, 'function', 'Object.prototype is not the scrub\'s');
  });

  it('the blocklist is really gone: not own, not inherited, not reachable by name', () => {
    const { realm, scrub } = workerScope();
    scrub();
    for (const name of policy.mustBeGone) {
      assert.equal(name in realm.global, false, name);
      assert.equal(realm.run(`typeof ${name}`), 'undefined', name);
    }
    assert.equal(realm.run('typeof Object + typeof Array + typeof Reflect'), 'undefinedundefinedundefined', 'built-ins go too: the stand-in scope has its own');
  });

  it('what the kernel captured before keeps working after', () => {
    const { c, scrub } = workerScope();
    scrub();
    assert.equal(c.apply(c.stringSlice, 'kernel', [1]), 'ernel');
    assert.deepEqual({ ...c.apply(c.jsonParse, undefined, ['{"a":1}']) }, { a: 1 });
    assert.equal(typeof c.construct(c.Error, ['x']).message, 'string');
  });
});

describe('what will not go is reported', () => {
  it('a non-configurable global off the allowlist', () => {
    const { scrub } = workerScope((realm) => realm.run('Object.defineProperty(globalThis, "leak", { value: {}, configurable: false });'));
    assert.deepEqual(scrub(), ['cannot delete the global leak', 'the global leak is still there']);
  });

  it('a non-configurable symbol-keyed global', () => {
    const { scrub } = workerScope((realm) => realm.run('Object.defineProperty(globalThis, Symbol("hidden"), { value: {}, configurable: false });'));
    assert.deepEqual(scrub(), ['cannot delete the global a symbol', 'the global a symbol is still there']);
  });

  it('a constant that is not a number (an object, or a getter that would run code)', () => {
    for (const definition of ['{ value: {}, configurable: false }', '{ get() { return 0; }, configurable: false }']) {
      const { scrub } = workerScope((realm) => realm.run(`delete globalThis.TEMPORARY; Object.defineProperty(globalThis, "TEMPORARY", ${definition});`));
      assert.deepEqual(scrub(), ['the global TEMPORARY is still there'], definition);
    }
  });

  it('a dangerous name that will not go from a prototype', () => {
    const { scrub, chain } = workerScope();
    Object.defineProperty(chain[2], 'fetch', { value: () => 'network', configurable: false });
    assert.deepEqual(scrub(), ['fetch is still reachable from the global']);
  });

  it('a dangerous name on Object.prototype, which the scrub does not walk', () => {
    const { scrub } = workerScope((realm) => realm.run('Object.prototype.importScripts = function () {};'));
    assert.deepEqual(scrub(), ['importScripts is still reachable from the global']);
  });

  it('but an undeletable harmless name on a prototype is checked by the blocklist alone', () => {
    // What the comment in scrub.js says: on the chain's prototypes, names are checked by name.
    const { scrub, chain } = workerScope();
    Object.defineProperty(chain[1], 'harmless', { value: 1, configurable: false });
    assert.deepEqual(scrub(), []);
  });

  it('a global that says it deleted a property but kept it', () => {
    const { realm, scrub, lists } = workerScope();
    const target = realm.run('({ fetch() {}, Object })');
    const liar = new Proxy(target, { deleteProperty: () => true });
    assert.deepEqual(scrub(liar, lists), ['the global fetch is still there', 'the global Object is still there', 'fetch is still reachable from the global']);
  });

  it('a global that throws when a property is deleted is refused, never passed over', () => {
    const { realm, scrub, lists } = workerScope();
    const target = realm.run('({ fetch() {}, harmless: 1 })');
    const thrower = new Proxy(target, { deleteProperty() { throw new Error('no deleting here'); } });
    let failures;
    try { failures = scrub(thrower, lists); } catch (error) { failures = [`threw: ${error.message}`]; }
    assert.ok(failures.length > 0, 'the scrub did not hold, and must say so');
  });

  it('a global that hides a dangerous name from ownKeys', () => {
    const { realm, scrub, lists } = workerScope();
    const target = realm.run('({ fetch() {}, harmless: 1 })');
    const hider = new Proxy(target, { ownKeys: () => [] });
    assert.deepEqual(scrub(hider, lists), ['fetch is still reachable from the global']);
  });

  it('every failure, in the kernel\'s own array, whatever the realm\'s Array.prototype holds', () => {
    const { scrub } = workerScope((realm) => realm.run(`
      Object.defineProperty(globalThis, "a", { value: 1, configurable: false });
      Object.defineProperty(globalThis, "b", { value: 2, configurable: false });
      Object.defineProperty(Array.prototype, "0", { set(v) { throw new Error("the setter was reached"); }, configurable: true });
    `));
    const failures = scrub();
    assert.deepEqual(failures, ['cannot delete the global a', 'cannot delete the global b', 'the global a is still there', 'the global b is still there']);
  });
});

describe('the allowlist', () => {
  it('protects the global\'s own properties only: a kept name on a prototype still goes', () => {
    const { realm, scrub, chain, lists } = workerScope();
    assert.deepEqual(scrub(realm.global, { ...lists, keep: [...lists.keep, 'fetch', 'removeEventListener'] }), []);
    assert.equal(Object.hasOwn(chain[2], 'removeEventListener'), false);
    assert.equal('fetch' in realm.global, false);
  });

  it('cannot keep a name of the blocklist: the second check reports it', () => {
    const { realm, scrub, lists } = workerScope();
    assert.deepEqual(scrub(realm.global, { ...lists, keep: [...lists.keep, 'postMessage'] }), ['postMessage is still reachable from the global']);
  });

  it('a name it lists that is not there is no failure', () => {
    const { realm, scrub, lists } = workerScope();
    assert.deepEqual(scrub(realm.global, { ...lists, keep: [...lists.keep, 'notThere'] }), []);
  });
});
