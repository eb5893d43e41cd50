'use strict';
// The reference implementation, for Node, of the runtime that docs/output-contract.md asks for.
// Transpiled code names nothing but S, G and R, so the real global of the vm context holds only
// those three (everything else is deleted): a free identifier the transpiler forgot to rewrite
// then fails loudly instead of quietly reaching a real global.

import vm from 'node:vm';
import { BUILTIN_NAMES, RESERVED_NAMES, UNDELETABLE_NAMES } from './builtins.mjs';
import { compileFunction } from './paranoid-cli.mjs';

export { transpile } from './paranoid-cli.mjs';

/**
 * What a `Function` stand-in asks the host for.
 * @callback HostCompile
 * @param {string} kind `normal`, `async`, `generator` or `async-generator`
 * @param {ArrayLike<string>} args parameter strings, then the body, already converted to strings
 * @returns {{ ok: true, fn: Function } | { ok: false, message: string }}
 */

/**
 * @typedef {object} Sandbox
 * @property {vm.Context} context the vm context; its real global binds only the reserved names
 * @property {Record<PropertyKey, any>} scope S, the object holding the sandbox's globals
 * @property {Record<PropertyKey, any>} global G, the sandbox's global object (a view of S)
 * @property {{ checkGlobalDeclarations: Function, declareVars: Function, declareFunction: Function, declareLexical: Function, initLexical: Function }} rt R
 * @property {() => PropertyKey[]} realGlobalKeys own keys of the real global, for leak checks
 */

/**
 * Builds S, G and R inside the vm realm. Only its source text is used: it is evaluated in the
 * realm, so every object, closure and error it makes is that realm's, and it must not refer to
 * anything of this module. What its closures call is captured first, and descriptors and proxy
 * handlers have no prototype, so untrusted code that patches built-ins (`Object.prototype.get`,
 * `Reflect.has`, `Array.prototype[Symbol.iterator]`) cannot steer them.
 * @param {{ builtinNames: readonly string[], keepNames: readonly string[], reservedNames: readonly string[], compile: HostCompile }} host
 */
function buildInRealm(host) {
  'use strict';
  const realGlobal = globalThis;
  const { create, defineProperty, freeze, getOwnPropertyDescriptor, getPrototypeOf, hasOwn, setPrototypeOf } = Object;
  const { apply, deleteProperty, get, has, ownKeys, set } = Reflect;
  const unscopables = Symbol.unscopables;
  const TypeErrorCtor = TypeError;
  const reflectDefine = Reflect.defineProperty;
  const ProxyCtor = Proxy;
  const ObjectCtor = Object;
  const RegExpCtor = RegExp;
  const StringCtor = String;
  const ReferenceErrorCtor = ReferenceError;
  const ErrorCtor = Error;
  const SyntaxErrorCtor = SyntaxError;
  const isObject = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';
  const data = (value, writable, enumerable, configurable) =>
    ({ __proto__: null, value, writable, enumerable, configurable });

  // 1. The end of S's chain: reading or writing a missing name throws as in strict code, `in`
  //    says no. Object.prototype is not on the chain, so `constructor` or `__proto__` are no
  //    globals (its functions a browser's global inherits are S's own, step 3).
  const notDefined = (key) => new ReferenceErrorCtor(`${StringCtor(key)} is not defined`);
  const missing = new ProxyCtor(create(null), {
    __proto__: null,
    get(_target, key) { throw notDefined(key); },
    set(_target, key) { throw notDefined(key); },
    has() { return false; },
  });
  const S = create(missing);

  // 2. G, the global object as code sees it: S, except that a missing property reads as
  //    undefined and writing one creates it on S. The proxy's target is S itself, so the
  //    invariants of non-configurable properties hold and delete/in/keys/descriptors reflect S.
  // The let/const/class names of the sandbox's scripts ('let' or 'const'): bindings on S for
  // bare names, hidden from G, which shows a global object property of the same name from
  // `shadowed` instead (a browser keeps the binding and the property apart).
  const lexical = create(null);
  const initialized = create(null);
  const shadowed = create(null);
  const isLexical = (key) => typeof key === 'string' && lexical[key] !== undefined;
  const storeOf = (target, key) => (isLexical(key) ? shadowed : target);
  // Descriptors to and from a trap inherit from Object.prototype: only own fields count.
  const FIELDS = ['value', 'writable', 'get', 'set', 'enumerable', 'configurable'];
  const plain = (desc) => {
    if (desc === undefined) return undefined;
    const out = create(null);
    for (let i = 0; i < FIELDS.length; i++) if (hasOwn(desc, FIELDS[i])) defineProperty(out, FIELDS[i], data(desc[FIELDS[i]], true, true, true));
    return out;
  };
  const G = new ProxyCtor(S, {
    __proto__: null,
    get(target, key, receiver) {
      if (isLexical(key)) return hasOwn(shadowed, key) ? get(shadowed, key, receiver) : undefined;
      return has(target, key) ? get(target, key, receiver) : undefined;
    },
    set(target, key, value, receiver) {
      const store = storeOf(target, key);
      if (store === shadowed ? hasOwn(store, key) : has(store, key)) return set(store, key, value, receiver);
      if (receiver === G) return reflectDefine(store, key, data(value, true, true, true));
      return isObject(receiver) && reflectDefine(receiver, key, data(value, true, true, true));
    },
    has(target, key) { return isLexical(key) ? hasOwn(shadowed, key) : has(target, key); },
    deleteProperty(target, key) { return deleteProperty(storeOf(target, key), key); },
    defineProperty(target, key, desc) { return reflectDefine(storeOf(target, key), key, plain(desc)); },
    getOwnPropertyDescriptor(target, key) { return plain(getOwnPropertyDescriptor(storeOf(target, key), key)); },
    ownKeys(target) {
      const keys = [];
      const add = (key) => { defineProperty(keys, keys.length, data(key, true, true, true)); };
      const own = ownKeys(target);
      for (let i = 0; i < own.length; i++) if (!isLexical(own[i])) add(own[i]);
      const more = ownKeys(shadowed);
      for (let i = 0; i < more.length; i++) add(more[i]);
      return keys;
    },
    getPrototypeOf() { return null; },
    setPrototypeOf(_target, proto) { return proto === null; },
    preventExtensions() { return false; },
  });

  // 3. The sandbox's globals: the realm's own built-ins, and G under its six names.
  for (const name of host.builtinNames) {
    const desc = getOwnPropertyDescriptor(realGlobal, name);
    if (desc !== undefined) defineProperty(S, name, desc);
  }
  // What a browser's global inherits from Object.prototype, as own properties of S (the
  // policy's `inherited` rows); the object itself stays off the chain.
  const objectPrototype = getPrototypeOf({});
  for (const name of ['hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'toLocaleString', 'valueOf']) {
    defineProperty(S, name, data(getOwnPropertyDescriptor(objectPrototype, name).value, true, false, true));
  }
  defineProperty(S, 'globalThis', data(G, true, false, true));
  defineProperty(S, 'self', data(G, true, true, true));
  defineProperty(S, 'window', data(G, false, true, false));
  defineProperty(S, 'top', data(G, false, true, true));
  defineProperty(S, 'parent', data(G, true, true, true));
  defineProperty(S, 'frames', data(G, true, true, true));

  // 4. `Function` and the constructors reachable from async functions and generators: stand-ins
  //    that hand parameters and body to the transpiler and run what comes back.
  const makeStandIn = (kind, name, prototype) => {
    const standIn = function (...args) {
      const strings = [];
      for (let i = 0; i < args.length; i++) defineProperty(strings, i, data(`${args[i]}`, true, true, true));
      const compiled = host.compile(kind, strings);
      if (!compiled.ok) throw new SyntaxErrorCtor(compiled.message);
      // `class F extends Function {}`: the new function inherits from F.prototype, as in the spec.
      if (new.target !== undefined && new.target !== standIn) {
        const proto = new.target.prototype;
        if (isObject(proto)) setPrototypeOf(compiled.fn, proto);
      }
      return compiled.fn;
    };
    defineProperty(standIn, 'name', data(name, false, false, true));
    defineProperty(standIn, 'length', data(1, false, false, true));
    defineProperty(standIn, 'prototype', data(prototype, false, false, false));
    defineProperty(prototype, 'constructor', data(standIn, true, false, true));
    return standIn;
  };
  defineProperty(S, 'Function', data(makeStandIn('normal', 'Function', getPrototypeOf(function () {})), true, false, true));
  makeStandIn('async', 'AsyncFunction', getPrototypeOf(async function () {}));
  makeStandIn('generator', 'GeneratorFunction', getPrototypeOf(function* () {}));
  makeStandIn('async-generator', 'AsyncGeneratorFunction', getPrototypeOf(async function* () {}));

  // 5. R: the declaration helpers. `lexical` remembers the let/const/class names of every script
  //    of this sandbox, like a browser's global declarative record.
  const alreadyDeclared = (name) => new SyntaxErrorCtor(`Identifier '${name}' has already been declared`);
  const initLexical = (name, value) => {
    if (lexical[name] === undefined || initialized[name] === true) throw new ErrorCtor(`${name} is no uninitialised binding`);
    initialized[name] = true;
    defineProperty(S, name, data(value, lexical[name] === 'let', false, true));
  };
  const R = freeze({
    __proto__: null,
    checkGlobalDeclarations(lexicalNames, varNames) {
      // Before any statement of the script runs, as GlobalDeclarationInstantiation does: a new
      // let/const/class may not clash with anything an earlier script declared, a var or
      // function not with an earlier let/const/class.
      for (let i = 0; i < lexicalNames.length; i++) {
        const existing = getOwnPropertyDescriptor(S, lexicalNames[i]);
        if (lexical[lexicalNames[i]] !== undefined || (existing !== undefined && existing.configurable === false)) {
          throw alreadyDeclared(lexicalNames[i]);
        }
      }
      for (let i = 0; i < varNames.length; i++) if (lexical[varNames[i]] !== undefined) throw alreadyDeclared(varNames[i]);
    },
    declareVars(names) {
      // A var may not redeclare a global let/const/class (a SyntaxError in browsers too).
      for (let i = 0; i < names.length; i++) if (lexical[names[i]] !== undefined) throw alreadyDeclared(names[i]);
      for (let i = 0; i < names.length; i++) {
        if (!hasOwn(S, names[i])) defineProperty(S, names[i], data(undefined, true, true, false));
      }
    },
    declareFunction(name, fn) {
      if (lexical[name] !== undefined) throw alreadyDeclared(name);
      const existing = getOwnPropertyDescriptor(S, name);
      const configurable = existing !== undefined && existing.configurable === true;
      defineProperty(S, name, data(fn, true, true, configurable));
    },
    declareLexical(names, constants) {
      // All checks before any binding, as GlobalDeclarationInstantiation does. A non-configurable
      // property is a var, a function or undefined/NaN/Infinity: browsers refuse those too.
      for (let i = 0; i < names.length; i++) {
        const existing = getOwnPropertyDescriptor(S, names[i]);
        if (lexical[names[i]] !== undefined || (existing !== undefined && existing.configurable === false)) {
          throw alreadyDeclared(names[i]);
        }
      }
      // Uninitialised (the temporal dead zone) until the declaration runs.
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const existing = getOwnPropertyDescriptor(S, name);
        if (existing !== undefined) defineProperty(shadowed, name, existing);
        lexical[name] = 'let';
        const tdz = () => { throw new ReferenceErrorCtor(`Cannot access '${name}' before initialization`); };
        defineProperty(S, name, { __proto__: null, get: tdz, set: tdz, enumerable: false, configurable: true });
      }
      for (let i = 0; i < constants.length; i++) lexical[constants[i]] = 'const';
    },
    initLexical(name, value) { initLexical(name, value); },
    lexicalInitializer(names) {
      const targets = create(null);
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        defineProperty(targets, name, { __proto__: null, set: (value) => { initLexical(name, value); }, enumerable: false, configurable: false });
      }
      return targets;
    },
    functionResult(fn) { return fn; },
    // A completion value of an indirect eval's text (this runtime runs no eval's text).
    evalValue(value) { return value; },
    sloppyThis(value) { return value === undefined || value === null ? G : ObjectCtor(value); },
    withObject(value) {
      if (value === undefined || value === null) throw new TypeErrorCtor('Cannot convert undefined or null to object');
      return ObjectCtor(value);
    },
    withHas(object, name) {
      if (!has(object, name)) return false;
      const blocked = get(object, unscopables);
      return !(isObject(blocked) && get(blocked, name));
    },
    withThis(fn, object) { return typeof fn === 'function' ? (...args) => apply(fn, object, args) : fn; },
    regExp(pattern, flags) { return new RegExpCtor(pattern, flags); },
  });

  // 6. The real global: everything goes but what cannot (undefined, NaN, Infinity); then the
  //    three reserved names. Fail closed if anything stays.
  for (const key of ownKeys(realGlobal)) {
    if (host.keepNames.includes(key)) continue;
    if (!deleteProperty(realGlobal, key)) throw new Error(`cannot delete global ${StringCtor(key)}`);
  }
  const [scopeName, globalName, rtName] = host.reservedNames;
  defineProperty(realGlobal, scopeName, data(S, false, false, false));
  defineProperty(realGlobal, globalName, data(G, false, false, false));
  defineProperty(realGlobal, rtName, data(R, false, false, false));

  return { S, G, R, realGlobalKeys: () => ownKeys(realGlobal) };
}

/**
 * The host half of a `Function` stand-in: the CLI builds the function expression, and it is
 * evaluated in the sandbox's context. (Running code with `vm.runInContext` is acceptable only in
 * this Node harness; the browser kernel loads it through its captured `importScripts`.)
 * @param {() => vm.Context} getContext
 * @returns {HostCompile}
 */
function hostCompile(getContext) {
  return (kind, strings) => {
    // Copy by index: iterating the realm's array would call its (patchable) iterator.
    const args = Array.from({ length: strings.length }, (_, i) => String(strings[i]));
    const result = compileFunction(/** @type {any} */ (kind), args);
    if (!result.ok) {
      const firstLine = result.stderr.split('\n').find((line) => line.trim() !== '') ?? '';
      return { ok: false, message: `paranoid rejected the function (exit ${result.status}): ${firstLine.trim()}` };
    }
    // The output is a strict script whose completion value is what it hands over: a factory
    // that makes the function (docs/output-contract.md).
    const factory = vm.runInContext(result.code, getContext(), { filename: 'paranoid-function.js' });
    const fn = typeof factory === 'function' ? factory() : undefined;
    if (typeof fn !== 'function') throw new Error(`paranoid function printed no factory of a function expression:\n${result.code}`);
    return { ok: true, fn };
  };
}

/**
 * A fresh sandbox as the contract describes it.
 * @param {Record<string, unknown>} [globals] extra globals (a host API) to put on S
 * @returns {Sandbox}
 */
export function createSandbox(globals = {}) {
  const context = vm.createContext(Object.create(null), { name: 'paranoid contract sandbox' });
  const build = vm.runInContext(`(${buildInRealm.toString()})`, context, { filename: 'contract-runtime.js' });
  const { S, G, R, realGlobalKeys } = build({
    builtinNames: BUILTIN_NAMES,
    keepNames: UNDELETABLE_NAMES,
    reservedNames: RESERVED_NAMES,
    compile: hostCompile(() => context),
  });
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(S, name, { value, writable: true, enumerable: false, configurable: true });
  }
  // Copied by index into an array of this realm: the realm's iterator and species may be patched.
  const keys = () => {
    const realm = realGlobalKeys();
    return Array.from({ length: realm.length }, (_, i) => realm[i]);
  };
  return { context, scope: S, global: G, rt: R, realGlobalKeys: keys };
}

/**
 * Runs one transpiled script in the sandbox and returns its completion value.
 * @param {Sandbox} sandbox
 * @param {string} code the transpiler's output
 * @param {{ filename?: string, timeout?: number }} [options] timeout in ms guards against hangs
 * @returns {unknown}
 */
export function runScript(sandbox, code, { filename = 'transpiled.js', timeout = 20_000 } = {}) {
  return new vm.Script(code, { filename }).runInContext(sandbox.context, { timeout });
}
