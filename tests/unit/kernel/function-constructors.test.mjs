'use strict';
// sandbox-page/kernel/function-constructors.js: the four function constructors. Every path to
// one (`Function.prototype.constructor`, any function's `.constructor`, methods, arrows, bound
// functions, each kind's prototype) leads to a stand-in that converts its arguments to strings
// once, in order, and hands them to the core; nothing a sandbox can change (the stand-in's own
// properties, the realm's built-ins, Object.prototype setters) changes what reaches the core.
// The realm has the worker's CSP, so its own constructors throw EvalError: the stand-ins are the
// only way to make a function from text, and the last tests go through the real core.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileFunction, transpile } from '../../../rust-core/tests/node/paranoid-cli.mjs';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const KINDS = [
  ['normal', 'Function', 'function () {}'],
  ['async', 'AsyncFunction', 'async function () {}'],
  ['generator', 'GeneratorFunction', 'function* () {}'],
  ['async-generator', 'AsyncGeneratorFunction', 'async function* () {}'],
];

/** The parts the core was handed, as a plain array (after checking they are a null-prototype record). */
const partsOf = (parts) => {
  assert.equal(Object.getPrototypeOf(parts), null, 'the parts are a null-prototype record');
  return Array.from({ length: parts.length }, (_, i) => parts[i]);
};

/** Tamed constructors over a fresh realm; `calls` is what reached the core, `made` what it returned. */
function tamed({ replaceConstructors = true, compile = null } = {}) {
  const { c, realm, tameFunctionConstructors } = withCommons(['function-constructors.js']);
  const calls = [];
  const made = realm.run('(function compiled() {})');
  const functions = tameFunctionConstructors(c, (kind, parts) => {
    calls.push([kind, partsOf(parts)]);
    return compile === null ? made : compile(kind, parts);
  }, replaceConstructors);
  return { c, realm, functions, calls, made };
}

describe('the stand-ins', () => {
  it('have the name, length and prototype of the constructor each stands for', () => {
    const { realm, functions } = tamed();
    for (const [kind, name, example] of KINDS) {
      const standIn = functions.all[kind];
      const prototype = Object.getPrototypeOf(realm.run(`(${example})`));
      assert.equal(standIn.name, name);
      assert.equal(standIn.length, 1);
      assert.deepEqual(Object.getOwnPropertyDescriptor(standIn, 'prototype'), { value: prototype, writable: false, enumerable: false, configurable: false });
      assert.ok(realm.run(`(${example})`) instanceof standIn, `instanceof ${name}`);
    }
    assert.equal(functions.Function, functions.all.normal);
    assert.ok(Object.isFrozen(functions));
  });

  it('hand the core their arguments as strings: parameters, then the body', () => {
    const { functions, calls, made } = tamed();
    assert.equal(functions.Function('a', 'b', 'return a + b'), made);
    functions.all.async('return 1');
    functions.all.generator();
    functions.all['async-generator'](1, { toString: () => 'b' }, null, undefined, 'yield b');
    assert.deepEqual(calls, [
      ['normal', ['a', 'b', 'return a + b']],
      ['async', ['return 1']],
      ['generator', ['']],
      ['async-generator', ['1', 'b', 'null', 'undefined', 'yield b']],
    ]);
  });

  it('convert each argument once, in order, before the core sees any', () => {
    const { functions, calls } = tamed();
    const log = [];
    let reads = 0;
    const shifty = { toString() { reads++; return reads === 1 ? 'a' : '}); escape(); (function () {'; } };
    const logged = (text) => ({ [Symbol.toPrimitive](hint) { log.push([text, hint, calls.length]); return text; } });
    functions.Function(shifty, logged('b'), logged('return a + b'));
    assert.equal(reads, 1, 'a value that changes is read once: the core gets the first reading');
    assert.deepEqual(log, [['b', 'string', 0], ['return a + b', 'string', 0]]);
    assert.deepEqual(calls, [['normal', ['a', 'b', 'return a + b']]]);
  });

  it('an argument that cannot be a string stops the call before the core', () => {
    const { functions, calls, realm } = tamed();
    const later = { toString() { assert.fail('read after a failed conversion'); } };
    assert.throws(() => functions.Function(Symbol('x'), later), realm.global.TypeError);
    const boom = new Error('no string');
    assert.throws(() => functions.all.async({ toString() { throw boom; } }, later), (e) => e === boom);
    assert.deepEqual(calls, []);
  });

  it('what the core refuses is thrown, and nothing is returned', () => {
    const refusal = new SyntaxError('refused');
    const { functions } = tamed({ compile: () => { throw refusal; } });
    assert.throws(() => functions.Function('}); escape(); (function () {'), (e) => e === refusal);
  });

  it('construct as the real ones: `new`, and a subclass gets its own prototype', () => {
    const { functions, made, realm } = tamed({ compile: () => realm.run('(function compiled() {})') });
    const Fn = functions.Function;
    assert.equal(Object.getPrototypeOf(new Fn('return 1')), realm.run('Function.prototype'));
    const Sub = realm.run('(Fn) => class Sub extends Fn { extra() { return 1; } }')(Fn);
    const sub = new Sub('return 1');
    assert.equal(Object.getPrototypeOf(sub), Sub.prototype);
    assert.equal(sub.extra(), 1);
    function NotAnObject() {}
    NotAnObject.prototype = 1;
    const plain = Reflect.construct(Fn, [''], NotAnObject);
    assert.equal(Object.getPrototypeOf(plain), realm.run('Function.prototype'), 'a primitive `prototype` is ignored');
    assert.notEqual(made, plain);
  });
});

describe('every path to a constructor', () => {
  const PATHS = [
    ['normal', 'Function.prototype.constructor'],
    ['normal', '(function () {}).constructor'],
    ['normal', '(() => {}).constructor'],
    ['normal', '(class {}).constructor'],
    ['normal', 'Math.max.constructor'],
    ['normal', '(function () {}).bind(null).constructor'],
    ['normal', 'new Proxy(function () {}, {}).constructor'],
    ['normal', '({ m() {} }).m.constructor'],
    ['normal', 'Object.getOwnPropertyDescriptor({ get g() { return 1; } }, "g").get.constructor'],
    ['normal', 'Reflect.get(Object.getPrototypeOf(function () {}), "constructor")'],
    ['normal', 'Object.getOwnPropertyDescriptor(Function.prototype, "constructor").value'],
    ['normal', 'Function.prototype.constructor.constructor'],
    ['async', '(async function () {}).constructor'],
    ['async', '(async () => {}).constructor'],
    ['async', '({ async m() {} }).m.constructor'],
    ['generator', '(function* () {}).constructor'],
    ['generator', '({ *m() {} }).m.constructor'],
    ['async-generator', '(async function* () {}).constructor'],
    ['async-generator', '({ async *m() {} }).m.constructor'],
  ];

  it('leads to the stand-in of its kind, which calls the core', () => {
    const { realm, functions, calls } = tamed();
    for (const [kind, path] of PATHS) {
      const found = realm.run(path);
      assert.equal(found, functions.all[kind], path);
      found('x', 'return x');
      assert.deepEqual(calls.pop(), [kind, ['x', 'return x']], path);
    }
  });

  it('without the stand-ins leads to the realm\'s own, which the CSP stops (layer 2 off: the scope\'s `Function` only)', () => {
    const { realm, functions } = tamed({ replaceConstructors: false });
    for (const [, path] of PATHS) {
      const found = realm.run(path);
      assert.ok(!Object.values(functions.all).includes(found), path);
      assert.throws(() => found('return 1'), realm.global.EvalError, path);
    }
  });

  it('cannot be put back to the real constructor', () => {
    const { realm, functions } = tamed();
    for (const [kind, , example] of KINDS) {
      const prototype = Object.getPrototypeOf(realm.run(`(${example})`));
      assert.throws(() => { 'use strict'; prototype.constructor = () => 'mine'; }, TypeError, kind);
      assert.throws(() => Object.defineProperty(prototype, 'constructor', { value: () => 'mine' }), TypeError, kind);
      assert.equal(Reflect.deleteProperty(prototype, 'constructor'), false, kind);
      assert.equal(prototype.constructor, functions.all[kind], kind);
    }
  });
});

describe('tampering', () => {
  it('with a stand-in\'s own properties changes neither its kind nor what reaches the core', () => {
    const { realm, functions, calls } = tamed();
    const Fn = functions.Function;
    Object.defineProperty(Fn, 'name', { value: 'Evil' });
    Object.defineProperty(Fn, 'length', { value: 99 });
    Fn.extra = 'x';
    Object.setPrototypeOf(Fn, null);
    assert.throws(() => { 'use strict'; Fn.prototype = {}; }, TypeError);
    realm.run('(function () {}).constructor("a", "return a")');
    assert.deepEqual(calls, [['normal', ['a', 'return a']]]);
  });

  it('with the realm\'s built-ins and Object.prototype changes nothing the stand-ins do', () => {
    const { realm, calls } = tamed();
    const F = realm.run('(function () {}).constructor');
    realm.run(`
      globalThis.__traps = 0;
      const trap = function () { globalThis.__traps++; return {}; };
      for (const key of ['0', '1', 'length', 'kind']) {
        Object.defineProperty(Object.prototype, key, { set: trap, get: trap, configurable: true });
      }
      Object.create = trap; Object.defineProperty = trap; Object.setPrototypeOf = trap; Object.freeze = trap;
      Reflect.apply = trap; Reflect.construct = trap;
      Function.prototype.call = trap; Function.prototype.apply = trap; Function.prototype.bind = trap;
      Array.prototype[Symbol.iterator] = trap; Array.prototype.push = trap;
      String.prototype.toString = trap; String.prototype.concat = trap;
    `);
    F('a', 'b', 'return a');
    assert.equal(realm.run('__traps'), 0, 'no replaced built-in was called');
    assert.deepEqual(calls, [['normal', ['a', 'b', 'return a']]]);
  });
});

describe('through the real core', () => {
  /**
   * A sandbox's scope with the `Function` stand-ins whose compile is the kernel's, through its
   * cache (the CLI stands for the wasm core); `compiles` counts what reached the core.
   */
  function sandbox() {
    const { c, realm, makeScope, tameFunctionConstructors, makeFunctionCache } = withCommons(['scope.js', 'function-constructors.js', 'function-cache.js']);
    realm.run('globalThis.secret = "s3cret";');
    let handedOver = null;
    const counted = { compiles: 0 };
    const compile = (kind, parts) => {
      counted.compiles++;
      const out = compileFunction(kind, partsOf(parts));
      if (!out.ok) throw new realm.global.SyntaxError(out.stderr.trim());
      handedOver = null;
      realm.run(out.code, 'function.js');
      const factory = handedOver;
      handedOver = null;
      return factory;
    };
    const cache = makeFunctionCache(c, policy);
    const functions = tameFunctionConstructors(c, (kind, parts) => cache.functionFor(kind, parts, compile), true);
    const standIns = { Function: functions.Function };
    for (const { name, provision } of policy.globals) {
      if (provision === 'stand-in' && !(name in standIns) && !['globalThis', 'self', 'window'].includes(name)) standIns[name] = {};
    }
    const scope = makeScope(c, policy, standIns, (fn) => { handedOver = fn; return fn; }, () => {});
    for (const [name, value] of [[policy.reserved.scope, scope.S], [policy.reserved.global, scope.G], [policy.reserved.runtime, scope.R]]) {
      Object.defineProperty(realm.global, name, { value, configurable: false });
    }
    const result = (source) => {
      const out = transpile(`var result;\n${source}`);
      assert.ok(out.ok, out.stderr);
      realm.run(out.code, 'script.js');
      return scope.S.result;
    };
    return { realm, S: scope.S, result, counted };
  }

  it('makes working functions of every kind over the stand-in scope, sloppy `this` and all', async () => {
    const { result } = sandbox();
    assert.equal(result('result = Function("a", "b", "return a + b")(2, 3);'), 5);
    assert.equal(result('result = (() => {}).constructor("return typeof secret + typeof fetch")();'), 'undefinedundefined');
    assert.equal(result('result = Function("return this")() === globalThis;'), true, 'a Function body is sloppy code: a plain call\'s this is the global');
    assert.equal(result('result = Function("\\"use strict\\"; return this")();'), undefined);
    assert.equal(await result('result = (async () => {}).constructor("x", "return await x")(7);'), 7);
    assert.equal(result('result = [...(function* () {}).constructor("yield 1; yield 2")()].join();'), '1,2');
    const next = await result('result = (async function* () {}).constructor("yield 3")().next();');
    assert.equal(next.value, 3);
  });

  it('compiles a text once: a second call makes a fresh function of every kind from the cache', async () => {
    const { result, counted } = sandbox();
    assert.equal(result(`
      var made = [];
      for (var i = 0; i < 3; i++) made.push(Function("a", "return a * 2"));
      made[0].marked = true;
      made[0].prototype.poisoned = true;
      result = [made[0] !== made[1], made[1] !== made[2], made[1].marked, made[1].prototype !== made[0].prototype,
        "poisoned" in new made[1](), made[2](21)].join();`), 'true,true,,true,false,42');
    assert.equal(counted.compiles, 1, 'one compile for three calls');
    assert.equal(result('result = [...(function* () {}).constructor("yield 1")(), ...(function* () {}).constructor("yield 1")()].join();'), '1,1');
    assert.equal(await result('result = (async () => {}).constructor("return 5")();'), 5);
    assert.equal(await result('result = (async () => {}).constructor("return 5")();'), 5);
    assert.equal(counted.compiles, 3, 'one compile per kind and text');
    assert.equal(result('result = Function("return 5")();'), 5, 'the same text of another kind is another key');
    assert.equal(counted.compiles, 4);
  });

  it('text that closes the function early, or calls eval, is a SyntaxError and runs nothing', () => {
    const { result, realm, S } = sandbox();
    for (const body of ['}); globalThis.ran = 1; (function () {', 'return eval("1")']) {
      assert.throws(() => result(`Function("a", ${JSON.stringify(body)});`), realm.global.SyntaxError, body);
    }
    assert.throws(() => result('Function("a) { globalThis.ran = 1; }; (function (b", "");'), realm.global.SyntaxError);
    assert.equal(Object.hasOwn(S, 'ran'), false);
  });
});
