'use strict';
// sandbox-page/kernel/scope.js: the stand-in scope S, the stand-in global G and the declaration
// helpers R, against docs/output-contract.md. Scripts are transpiled by the real core (the CLI)
// and run in a fresh worker realm whose real global still has everything, as with layer 2 off:
// only S may be reachable. S holds exactly the policy's globals; a missing name throws
// ReferenceError (`typeof` gives "undefined"); writes land on S, never on the real global.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { transpile } from '../../../rust-core/tests/node/paranoid-cli.mjs';
import { kernelPolicy, workerRealm, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const G_NAMES = ['globalThis', 'self', 'window', 'top', 'parent', 'frames'];
const STAND_IN_NAMES = policy.globals.filter((g) => g.provision === 'stand-in' && !G_NAMES.includes(g.name)).map((g) => g.name);

/** A realm with a stand-in scope over its real global, the reserved names bound as the kernel binds them. */
function scopeRealm({ standIns: chooseStandIns = (s) => s, before = () => {} } = {}) {
  const realm = workerRealm();
  realm.run('globalThis.secret = { token: "s3cret" }; globalThis.fetch = function fetch() { return "network"; };');
  const { c, makeScope } = withCommons(['scope.js'], { realm });
  before(realm);
  const makeStandIn = realm.run('(name) => ({ [name]() { return "stand-in " + name; } })[name]');
  const standIns = chooseStandIns(Object.fromEntries(STAND_IN_NAMES.map((name) => [name, makeStandIn(name)])));
  const missing = [];
  const handedOver = [];
  const scope = makeScope(c, policy, standIns, (fn) => { handedOver.push(fn); return fn; }, (key) => missing.push(key));
  for (const [name, value] of [[policy.reserved.scope, scope.S], [policy.reserved.global, scope.G], [policy.reserved.runtime, scope.R]]) {
    Object.defineProperty(realm.global, name, { value, writable: false, enumerable: false, configurable: false });
  }
  /** Transpiles `source` with the real core and runs it in the realm. */
  const run = (source) => {
    const out = transpile(source);
    assert.ok(out.ok, `the core refused ${source}: ${out.code}${out.stderr}`);
    return realm.run(out.code, 'sandboxed.js');
  };
  /** Runs `source` (after `var result;`) and gives back the global `result` it set (an array
   * made a host array, so that it compares with the test's). */
  const result = (source) => {
    run(`var result;\n${source}`);
    return Array.isArray(scope.S.result) ? [...scope.S.result] : scope.S.result;
  };
  return { realm, c, ...scope, standIns, missing, handedOver, run, result };
}

describe('what S holds', () => {
  it('exactly the globals of the policy, no more', () => {
    const { S, realm } = scopeRealm();
    const expected = policy.globals
      .filter((g) => g.provision !== 'copied-if-present' || Object.hasOwn(realm.global, g.name))
      .filter((g) => g.provision !== 'absent' && g.provision !== 'stand-in-if-present')
      .map((g) => g.name);
    assert.deepEqual(Reflect.ownKeys(S).sort(), expected.sort());
    // What the policy marks absent is not there even where the realm has it.
    for (const { name } of policy.globals.filter((g) => g.provision === 'absent')) assert.equal(Object.hasOwn(S, name), false, name);
    for (const name of ['secret', 'fetch', 'importScripts', 'postMessage', 'WebAssembly', policy.reserved.scope]) {
      assert.equal(Object.hasOwn(S, name), false, name);
    }
    // `eval` is there, but as the kernel's stand-in (eval.js), never the realm's.
    assert.notEqual(S.eval, realm.global.eval);
  });

  it('copied built-ins keep their own descriptors; stand-ins are the kernel\'s', () => {
    const { S, G, realm, standIns } = scopeRealm();
    for (const { name, provision } of policy.globals) {
      const desc = Object.getOwnPropertyDescriptor(S, name);
      if (G_NAMES.includes(name)) assert.equal(desc.value, G, name);
      else if (provision === 'stand-in') {
        assert.deepEqual(desc, { value: standIns[name], writable: true, enumerable: false, configurable: true }, name);
      } else if (provision === 'inherited') {
        assert.deepEqual(desc, { value: realm.run(`Object.prototype.${name}`), writable: true, enumerable: false, configurable: true }, name);
      } else if (desc !== undefined) {
        assert.deepEqual(desc, Object.getOwnPropertyDescriptor(realm.global, name), name);
      }
    }
    // As a browser's window: `window` is unforgeable, `self` and `globalThis` replaceable.
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'window'), { value: G, writable: false, enumerable: true, configurable: false });
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'self'), { value: G, writable: true, enumerable: true, configurable: true });
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'globalThis'), { value: G, writable: true, enumerable: false, configurable: true });
    // A top-level window's `top` (read-only), `parent` and `frames` (replaceable).
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'top'), { value: G, writable: false, enumerable: true, configurable: true });
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'parent'), { value: G, writable: true, enumerable: true, configurable: true });
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'frames'), { value: G, writable: true, enumerable: true, configurable: true });
  });

  it('offers what a browser\'s global inherits from Object.prototype, without it on the chain', () => {
    const { result } = scopeRealm();
    assert.deepEqual(result('result = [hasOwnProperty.call({ a: 1 }, "a"), "hasOwnProperty" in globalThis, toString.call([]), isPrototypeOf.call(Array.prototype, [])];'), [true, true, '[object Array]', true]);
    // A property added to Object.prototype is no global.
    assert.equal(result('Object.prototype.leaked = 1; try { leaked; result = "found"; } catch (e) { result = e.name; }'), 'ReferenceError');
  });

  it('a built-in the policy requires but the engine lacks stops the boot', () => {
    assert.throws(() => scopeRealm({ before: (realm) => realm.run('delete globalThis.WeakRef;') }), /this engine lacks the built-in WeakRef/);
  });

  it('a built-in the policy takes only if present is left out when absent', () => {
    const optional = policy.globals.find((g) => g.provision === 'copied-if-present').name;
    const { S } = scopeRealm({ before: (realm) => realm.run(`delete globalThis.${optional};`) });
    assert.equal(Object.hasOwn(S, optional), false);
  });

  it('a stand-in the kernel did not make stops the boot', () => {
    assert.throws(() => scopeRealm({ standIns: ({ console: _, ...rest }) => rest }), /no stand-in for console/);
  });

  it('a stand-in inherited, not own, does not count', () => {
    assert.throws(() => scopeRealm({ standIns: ({ paranoid, ...rest }) => Object.setPrototypeOf(rest, { paranoid }) }), /no stand-in for paranoid/);
  });
});

describe('a name S lacks', () => {
  it('throws ReferenceError when read or written, as in strict code', () => {
    const { run, S, realm } = scopeRealm();
    for (const source of ['document;', 'secret.token;', 'fetch("https://evil.test/");', 'importScripts;', 'undeclared = 1;', 'missing += 1;']) {
      assert.throws(() => run(source), (error) => error instanceof realm.global.ReferenceError && / is not defined$/.test(error.message), source);
    }
    assert.equal(Object.hasOwn(S, 'undeclared'), false);
    assert.equal(Object.hasOwn(realm.global, 'undeclared'), false);
  });

  it('is "undefined" to `typeof` and absent to `in`, without throwing', () => {
    const { result } = scopeRealm();
    assert.deepEqual(result('result = [typeof secret, typeof fetch, typeof document, typeof postMessage, "fetch" in globalThis];'),
      ['undefined', 'undefined', 'undefined', 'undefined', false]);
  });

  it('reads as undefined through globalThis, self, window and top-level this', () => {
    const { result } = scopeRealm();
    assert.deepEqual(result('result = [globalThis.secret, self.fetch, window.importScripts, this.postMessage, globalThis.jQuery];'),
      [undefined, undefined, undefined, undefined, undefined]);
  });

  it('includes no member of Object.prototype but the functions a browser\'s global inherits: S\'s chain does not reach it', () => {
    const { result, run, realm } = scopeRealm();
    const absent = ['constructor', '__proto__', '__defineGetter__', '__lookupSetter__'];
    assert.deepEqual(result(`result = [${absent.map((n) => `typeof ${n}`).join(', ')}];`), absent.map(() => 'undefined'));
    const inherited = ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString'];
    assert.deepEqual(result(`result = [${inherited.map((n) => `typeof ${n}`).join(', ')}];`), inherited.map(() => 'function'));
    assert.equal(result('result = toString();'), '[object Undefined]', 'strict: no receiver');
    assert.throws(() => run('constructor.constructor("return 1");'), realm.global.ReferenceError);
    assert.deepEqual(result('result = [Object.getPrototypeOf(globalThis), globalThis.constructor, typeof globalThis.toString];'), [null, undefined, 'function']);
  });

  it('is told to the kernel, whichever way it was looked up', () => {
    const { run, missing } = scopeRealm();
    try { run('document;'); } catch { /* expected */ }
    run('typeof localStorage; globalThis.jQuery; "chrome" in self;');
    try { run('lost = 1;'); } catch { /* expected */ }
    for (const name of ['document', 'localStorage', 'jQuery', 'chrome', 'lost']) assert.ok(missing.includes(name), name);
  });
});

describe('writes', () => {
  it('land on S, never on the real global', () => {
    const { run, S, realm } = scopeRealm();
    const before = new Set(Reflect.ownKeys(realm.global));
    run(`
      var v = 1; let l = 2; const k = 3; function f() {} class C {}
      globalThis.g1 = 4; self.g2 = 5; window.g3 = 6; this.g4 = 7;
      Object.defineProperty(globalThis, 'g5', { value: 8, configurable: true });
      Array = null; globalThis.setTimeout = null; delete globalThis.Math; JSON.leak = 9;
    `);
    for (const name of ['v', 'l', 'k', 'f', 'C', 'g1', 'g2', 'g3', 'g4', 'g5']) assert.ok(Object.hasOwn(S, name), name);
    assert.deepEqual(Reflect.ownKeys(realm.global).filter((k) => !before.has(k)), [], 'nothing new on the real global');
    assert.equal(typeof realm.global.Array, 'function');
    assert.equal(typeof realm.global.Math, 'object');
    assert.equal(S.Array, null);
    assert.equal(Object.hasOwn(S, 'Math'), false);
    // The built-ins are shared objects, as in a browser: a property added to one is seen by both.
    assert.equal(realm.global.JSON.leak, 9);
  });

  it('through something that inherits from globalThis land on that object', () => {
    const { result, S } = scopeRealm();
    assert.deepEqual(result('const o = Object.create(globalThis); o.mine = 1; Reflect.set(globalThis, "other", 2, o); result = [o.mine, o.other, "mine" in globalThis];'),
      [1, 2, false]);
    assert.equal(Object.hasOwn(S, 'mine'), false);
  });

  it('cannot give globalThis a prototype, or make it non-extensible', () => {
    const { run, result, realm } = scopeRealm();
    assert.throws(() => run('Object.setPrototypeOf(globalThis, Object.prototype);'), realm.global.TypeError);
    assert.throws(() => run('Object.preventExtensions(globalThis);'), realm.global.TypeError);
    assert.deepEqual(result('result = [Reflect.setPrototypeOf(globalThis, {}), Reflect.setPrototypeOf(globalThis, null), Reflect.preventExtensions(globalThis), Object.isExtensible(globalThis)];'),
      [false, true, false, true]);
    // `__proto__` is no accessor here: writing it makes a plain global.
    assert.deepEqual(result('globalThis.__proto__ = Object.prototype; result = [typeof __defineGetter__, Object.getPrototypeOf(globalThis)];'), ['undefined', null]);
  });

  it('globalThis reflects S to `in`, `delete`, keys and descriptors', () => {
    const { result } = scopeRealm();
    const [hasMath, keys, desc, deleted, after] = result(`
      var listed = 1;
      const d = Object.getOwnPropertyDescriptor(globalThis, 'listed');
      result = ['Math' in globalThis, Object.keys(globalThis), d, delete globalThis.self, typeof self];`);
    assert.equal(hasMath, true);
    assert.ok(keys.includes('listed') && keys.includes('window') && !keys.includes('Math'));
    assert.deepEqual({ ...desc }, { value: 1, writable: true, enumerable: true, configurable: false });
    assert.deepEqual([deleted, after], [true, 'undefined']);
  });
});

describe('the global lexical scope', () => {
  it('a top-level let, const or class is a binding of bare names, not a property of globalThis', () => {
    const { result, S } = scopeRealm();
    assert.deepEqual(result(`let lx = 1; const lk = 2; class LC {}
      result = ['lx' in globalThis, globalThis.lk, typeof window.LC, Object.keys(globalThis).includes('lx'),
        Object.getOwnPropertyDescriptor(globalThis, 'lx'), Reflect.ownKeys(self).includes('LC'), lx + lk, typeof LC];`),
    [false, undefined, 'undefined', false, undefined, false, 3, 'function']);
    assert.equal(S.lx, 1);
  });

  it('is uninitialised from the start of its script until its declaration runs', () => {
    const { result, run, realm } = scopeRealm();
    assert.deepEqual(result('var seen = []; try { seen.push(early); } catch (e) { seen.push(e.name); } try { seen.push(typeof early); } catch (e) { seen.push(e.name); } let early = 1; result = seen;'),
      ['ReferenceError', 'ReferenceError']);
    assert.throws(() => run('null.boom; let never = 1;'), realm.global.TypeError);
    assert.throws(() => run('never;'), (e) => e instanceof realm.global.ReferenceError && /before initialization/.test(e.message));
  });

  it('shadows a global property of the same name, which globalThis keeps showing', () => {
    const { result, S } = scopeRealm();
    assert.deepEqual(result(`globalThis.mine = 'property'; let Map = 1;`), undefined);
    assert.deepEqual(result(`let mine = 'binding'; globalThis.mine2 = mine;
      result = [Map, typeof globalThis.Map, mine, globalThis.mine, 'Map' in globalThis, delete globalThis.mine, globalThis.mine, mine];`),
    [1, 'function', 'binding', 'property', true, true, undefined, 'binding']);
    assert.equal(S.Map, 1);
  });

  it('destructuring initialises each name once, in order; a constant is read-only', () => {
    const { result, run, realm } = scopeRealm();
    assert.deepEqual(result('const { a: ca, b: cb = ca + 1, ...crest } = { a: 1, z: 9 }; result = [ca, cb, crest.z];'), [1, 2, 9]);
    assert.throws(() => run('cb = 5;'), realm.global.TypeError);
  });

  it('keeps working with Object.prototype and Reflect polluted', () => {
    const { result } = scopeRealm();
    assert.deepEqual(result(`Reflect.ownKeys = () => ['x']; Reflect.has = () => true; Object.prototype.get = () => 666;
      let hidden = 1; result = ['hidden' in globalThis, globalThis.hidden, Object.keys(globalThis).includes('hidden'), hidden];`),
    [false, undefined, false, 1]);
  });
});

describe('declarations across scripts (R)', () => {
  it('a name declared lexically cannot be declared again, by any kind of declaration', () => {
    const { run, realm } = scopeRealm();
    run('let a = 1; const b = 2; class K {}');
    for (const source of ['var a;', 'let a;', 'function a() {}', 'const b = 3;', 'var K;', 'class K {}']) {
      assert.throws(() => run(source), (e) => e instanceof realm.global.SyntaxError && /has already been declared/.test(e.message), source);
    }
  });

  it('a var or function cannot be redeclared lexically, nor can a non-writable global', () => {
    const { run, realm } = scopeRealm();
    run('var v; function f() {}');
    for (const source of ['let v;', 'const f = 1;', 'let NaN;', 'let undefined;', 'class Infinity {}', 'let window;']) {
      assert.throws(() => run(source), realm.global.SyntaxError, source);
    }
  });

  it('a script whose declarations clash runs nothing', () => {
    const { run, S } = scopeRealm();
    run('let taken = 1;');
    assert.throws(() => run('globalThis.ran = true; var fresh = 1; let taken = 2;'));
    assert.equal(Object.hasOwn(S, 'ran'), false);
    assert.equal(Object.hasOwn(S, 'fresh'), false);
  });

  it('var keeps an existing global; function replaces it; a const is read-only', () => {
    const { run, result, S, realm } = scopeRealm();
    assert.equal(result('var Math; result = typeof Math.max;'), 'function');
    run('function Map() { return "mine"; }');
    assert.equal(S.Map(), 'mine');
    assert.equal(Object.getOwnPropertyDescriptor(S, 'Map').configurable, true, 'a function over a configurable global keeps it configurable');
    run('function fresh() {}');
    assert.deepEqual(Object.getOwnPropertyDescriptor(S, 'fresh'), { value: S.fresh, writable: true, enumerable: true, configurable: false });
    run('const sealed = 1;');
    assert.throws(() => run('sealed = 2;'), realm.global.TypeError);
    assert.equal(S.sealed, 1);
  });

  it('functionResult hands the function to the kernel, and R cannot be changed', () => {
    const { R, handedOver } = scopeRealm();
    const fn = () => 1;
    assert.equal(R.functionResult(fn), fn);
    assert.deepEqual(handedOver, [fn]);
    assert.ok(Object.isFrozen(R));
    assert.equal(Object.getPrototypeOf(R), null);
    assert.throws(() => { 'use strict'; R.declareVars = () => {}; }, TypeError);
  });
});

describe('the lookups of a rewritten `with` (R)', () => {
  it('withObject boxes a primitive and refuses null and undefined with the realm\'s TypeError', () => {
    const { R, realm } = scopeRealm();
    assert.equal(typeof R.withObject('abc'), 'object');
    const o = {};
    assert.equal(R.withObject(o), o);
    for (const bad of [null, undefined]) assert.throws(() => R.withObject(bad), (e) => e instanceof realm.global.TypeError);
  });

  it('withHas asks the object, then its Symbol.unscopables (an object, truthy entries only)', () => {
    const { R } = scopeRealm();
    assert.equal(R.withHas({ a: 1 }, 'a'), true);
    assert.equal(R.withHas({}, 'a'), false);
    assert.equal(R.withHas({ a: 1, [Symbol.unscopables]: { a: true } }, 'a'), false);
    assert.equal(R.withHas({ a: 1, [Symbol.unscopables]: { a: 0 } }, 'a'), true);
    assert.equal(R.withHas({ a: 1, [Symbol.unscopables]: 'a' }, 'a'), true, 'a primitive unscopables blocks nothing');
    assert.equal(R.withHas([], 'values'), false, "an array's own unscopables");
    const seen = [];
    const proxy = new Proxy({}, { has(t, k) { seen.push(['has', k]); return true; }, get(t, k) { seen.push(['get', k]); return undefined; } });
    assert.equal(R.withHas(proxy, 'x'), true);
    assert.deepEqual(seen, [['has', 'x'], ['get', Symbol.unscopables]]);
  });

  it('withHas uses the captured Reflect: a polluted Reflect or Object.prototype changes nothing', () => {
    const { R, realm } = scopeRealm();
    realm.run('Reflect.has = () => true; Reflect.get = () => ({}); Object.prototype.withHas = 1;');
    assert.equal(R.withHas(realm.run('({})'), 'missing'), false);
    assert.equal(R.withHas(realm.run('({ here: 1 })'), 'here'), true);
  });

  it('withThis gives a callee that calls the function with the object as this, and a non-function as it is', () => {
    const { R } = scopeRealm();
    const o = { n: 2, f(a, b) { return [this === o, this.n, a, b]; } };
    assert.deepEqual(R.withThis(o.f, o)(3, 4), [true, 2, 3, 4]);
    for (const v of [undefined, null, 1, 'f', {}]) assert.equal(R.withThis(v, o), v);
  });

  it('regExp makes the realm\'s own RegExp from the text as written, whatever the realm replaced', () => {
    const { R, realm, result } = scopeRealm();
    realm.run('RegExp = function Forged() { return { forged: true }; }; RegExp.prototype.test = () => "patched";');
    const r = R.regExp('\u180e+', 'gu');
    assert.equal(Object.getPrototypeOf(r), realm.run('/x/').constructor.prototype);
    assert.equal(r.source, '\u180e+');
    assert.equal(Object.getPrototypeOf(r).exec.call(r, 'a\u180e\u180e')[0], '\u180e\u180e');
    assert.deepEqual(result('result = [/\u00e9/.source, /\u00e9/ instanceof Object];'), ['\u00e9', true]);
  });
});
