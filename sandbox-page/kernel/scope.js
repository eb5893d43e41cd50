'use strict';
// Threat: transpiled code reaches globals only as properties of S (`__paranoid_scope__`); if S
// or its chain held anything beyond the allowlist, or if a missing name fell through to a real
// object, untrusted code would get it. docs/output-contract.md is the contract implemented here.
// 1. S's chain ends in a proxy whose get/set throw ReferenceError and whose `has` says no;
//    `Object.prototype` is not on it.
// 2. G (top-level `this`, `globalThis`, `self`, `window`, `top`, `parent`, `frames`) is a proxy
//    over S in which a missing property reads as undefined and a write creates it on S.
// 3. S receives exactly the allowlisted globals of the generated policy: copied built-ins with
//    their own descriptors, the kernel's stand-ins, and the functions a browser's global
//    inherits from Object.prototype (as own properties); a copied global the policy requires
//    but the engine lacks fails closed.
// 4. R implements the declaration helpers with GlobalDeclarationInstantiation's checks, and the
//    lookups of a rewritten `with` (on the script's own object, through captured Reflect).
// Spec: ECMA-262 §9.1.1.4 (global environment records), §16.1.7 (GlobalDeclarationInstantiation).

/**
 * @param {any} c captured commons
 * @param {{ globals: { name: string, provision: string }[] }} policy
 * @param {Record<string, unknown>} standIns the kernel's values for `stand-in` globals (but G's names)
 * @param {(fn: Function) => Function} functionResult receives what a `Function` stand-in's output defines
 * @param {(key: string | symbol) => void} noteMissing told of every name looked up and not found
 * @param {(value: any) => any} [evalValue] receives the completion values of an indirect eval's text
 */
function makeScope(c, policy, standIns, functionResult, noteMissing, evalValue) {
  const realGlobal = c.global;
  const data = (value, writable, enumerable, configurable) =>
    ({ __proto__: null, value, writable, enumerable, configurable });
  const notDefined = (key) => c.construct(c.ReferenceError, [`${typeof key === 'symbol' ? 'symbol' : key} is not defined`]);

  const missing = c.construct(c.Proxy, [c.create(null), {
    __proto__: null,
    get(_target, key) { noteMissing(key); throw notDefined(key); },
    set(_target, key) { noteMissing(key); throw notDefined(key); },
    has(_target, key) { noteMissing(key); return false; },
  }]);
  const S = c.create(missing);

  // `lexical` remembers the let/const/class names of every script, like a browser's global
  // declarative record: 'let' or 'const'. Their bindings are properties of S (bare names read
  // S), hidden from G; a property of the global object of the same name (a built-in the
  // binding shadows, or one a script defines through G) lives in `shadowed`, as a browser
  // keeps it on the global object beside the binding.
  const lexical = c.create(null);
  const initialized = c.create(null);
  const shadowed = c.create(null);
  const isLexical = (key) => typeof key === 'string' && lexical[key] !== undefined;
  // A descriptor the engine hands a trap, or the kernel hands back, inherits from
  // Object.prototype, where a script may have put a `get`: only its own fields count.
  const fields = ['value', 'writable', 'get', 'set', 'enumerable', 'configurable'];
  const plain = (desc) => {
    if (desc === undefined) return undefined;
    const out = c.create(null);
    for (let i = 0; i < fields.length; i++) if (c.hasOwn(desc, fields[i])) c.defineProperty(out, fields[i], data(desc[fields[i]], true, true, true));
    return out;
  };

  const G = c.construct(c.Proxy, [S, {
    __proto__: null,
    get(target, key, receiver) {
      if (isLexical(key)) {
        if (c.hasOwn(shadowed, key)) return c.get(shadowed, key, receiver);
      } else if (c.has(target, key)) {
        return c.get(target, key, receiver);
      }
      noteMissing(key);
      return undefined;
    },
    set(target, key, value, receiver) {
      const store = isLexical(key) ? shadowed : target;
      if (store === shadowed ? c.hasOwn(store, key) : c.has(store, key)) return c.set(store, key, value, receiver);
      if (receiver === G) return c.reflectDefine(store, key, data(value, true, true, true));
      return c.isObject(receiver) && c.reflectDefine(receiver, key, data(value, true, true, true));
    },
    has(target, key) { return isLexical(key) ? c.hasOwn(shadowed, key) : c.has(target, key); },
    deleteProperty(target, key) { return c.deleteProperty(isLexical(key) ? shadowed : target, key); },
    defineProperty(target, key, desc) { return c.reflectDefine(isLexical(key) ? shadowed : target, key, plain(desc)); },
    getOwnPropertyDescriptor(target, key) { return plain(c.getOwnPropertyDescriptor(isLexical(key) ? shadowed : target, key)); },
    ownKeys(target) {
      const keys = [];
      const add = (key) => { c.defineProperty(keys, keys.length, data(key, true, true, true)); };
      const own = c.ownKeys(target);
      for (let i = 0; i < own.length; i++) if (!isLexical(own[i])) add(own[i]);
      const more = c.ownKeys(shadowed);
      for (let i = 0; i < more.length; i++) add(more[i]);
      return keys;
    },
    getPrototypeOf() { return null; },
    setPrototypeOf(_target, proto) { return proto === null; },
    preventExtensions() { return false; },
  }]);

  const gNames = { __proto__: null, globalThis: true, self: true, window: true, top: true, parent: true, frames: true };
  for (let i = 0; i < policy.globals.length; i++) {
    const { name, provision } = policy.globals[i];
    if (gNames[name] === true) continue;
    if (provision === 'absent') continue;
    if (provision === 'stand-in-if-present' && !c.hasOwn(standIns, name)) continue;
    if (provision === 'stand-in' || provision === 'stand-in-if-present') {
      if (!c.hasOwn(standIns, name)) throw c.construct(c.Error, [`kernel: no stand-in for ${name}`]);
      c.defineProperty(S, name, data(standIns[name], true, false, true));
      continue;
    }
    if (provision === 'inherited') {
      // A browser's global inherits these; S gets the function, not Object.prototype.
      const inherited = c.getOwnPropertyDescriptor(c.ObjectPrototype, name);
      if (inherited === undefined || typeof inherited.value !== 'function') throw c.construct(c.Error, [`kernel: Object.prototype has no ${name}`]);
      c.defineProperty(S, name, data(inherited.value, true, false, true));
      continue;
    }
    const desc = c.getOwnPropertyDescriptor(realGlobal, name);
    if (desc === undefined) {
      if (provision === 'copied-if-present') continue;
      throw c.construct(c.Error, [`kernel: this engine lacks the built-in ${name}`]);
    }
    c.defineProperty(S, name, desc);
  }
  c.defineProperty(S, 'globalThis', data(G, true, false, true));
  c.defineProperty(S, 'self', data(G, true, true, true));
  c.defineProperty(S, 'window', data(G, false, true, false));
  // A top-level window's: `top` read-only (configurable only so that a userscript's GM prelude
  // in a frame can make it another window), `parent` and `frames` replaceable as `self` is.
  c.defineProperty(S, 'top', data(G, false, true, true));
  c.defineProperty(S, 'parent', data(G, true, true, true));
  c.defineProperty(S, 'frames', data(G, true, true, true));

  // A non-writable, non-configurable property of the captured Symbol: safe to read now.
  const unscopables = c.Symbol.unscopables;
  const alreadyDeclared = (name) => c.construct(c.SyntaxError, [`Identifier '${name}' has already been declared`]);
  const initLexical = (name, value) => {
    // Only the transpiler's output calls it, once per binding it declared.
    if (lexical[name] === undefined || initialized[name] === true) throw c.construct(c.Error, [`kernel: ${name} is no uninitialised binding`]);
    initialized[name] = true;
    c.defineProperty(S, name, data(value, lexical[name] === 'let', false, true));
  };
  const clashesLexically = (name) => {
    const existing = c.getOwnPropertyDescriptor(S, name);
    return lexical[name] !== undefined || (existing !== undefined && existing.configurable === false);
  };
  const R = c.freeze({
    __proto__: null,
    checkGlobalDeclarations(lexicalNames, varNames) {
      for (let i = 0; i < lexicalNames.length; i++) if (clashesLexically(lexicalNames[i])) throw alreadyDeclared(lexicalNames[i]);
      for (let i = 0; i < varNames.length; i++) if (lexical[varNames[i]] !== undefined) throw alreadyDeclared(varNames[i]);
    },
    declareVars(names) {
      for (let i = 0; i < names.length; i++) if (lexical[names[i]] !== undefined) throw alreadyDeclared(names[i]);
      for (let i = 0; i < names.length; i++) {
        if (!c.hasOwn(S, names[i])) c.defineProperty(S, names[i], data(undefined, true, true, false));
      }
    },
    declareFunction(name, fn) {
      if (lexical[name] !== undefined) throw alreadyDeclared(name);
      const existing = c.getOwnPropertyDescriptor(S, name);
      const configurable = existing !== undefined && existing.configurable === true;
      c.defineProperty(S, name, data(fn, true, true, configurable));
    },
    // A script's let/const/class bindings, uninitialised until their declarations run: reading
    // or writing one before throws (the temporal dead zone). A global object property of the
    // same name moves to `shadowed`, where G still shows it.
    declareLexical(names, constants) {
      for (let i = 0; i < names.length; i++) if (clashesLexically(names[i])) throw alreadyDeclared(names[i]);
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const existing = c.getOwnPropertyDescriptor(S, name);
        if (existing !== undefined) c.defineProperty(shadowed, name, existing);
        lexical[name] = 'let';
        const tdz = () => { throw c.construct(c.ReferenceError, [`Cannot access '${name}' before initialization`]); };
        c.defineProperty(S, name, { __proto__: null, get: tdz, set: tdz, enumerable: false, configurable: true });
      }
      for (let i = 0; i < constants.length; i++) lexical[constants[i]] = 'const';
    },
    // The declaration of a binding ran: it holds `value` from now on (a constant, read-only).
    initLexical(name, value) { initLexical(name, value); },
    // The targets of a destructuring declaration: each setter initialises its binding.
    lexicalInitializer(names) {
      const targets = c.create(null);
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        c.defineProperty(targets, name, { __proto__: null, set: (value) => { initLexical(name, value); }, enumerable: false, configurable: false });
      }
      return targets;
    },
    functionResult(fn) { return functionResult(fn); },
    evalValue(value) { return evalValue(value); },
    // `this` in a function `Function` made (sloppy code): the global for none, else an object.
    sloppyThis(value) { return value === undefined || value === null ? G : c.box(value); },
    // `with (value)`: the object names are looked up on (ToObject).
    withObject(value) {
      if (value === undefined || value === null) throw c.construct(c.TypeError, ['Cannot convert undefined or null to object']);
      return c.box(value);
    },
    // Whether `with (object)` binds `name`: HasProperty, then `Symbol.unscopables`.
    withHas(object, name) {
      if (!c.has(object, name)) return false;
      const blocked = c.get(object, unscopables);
      return !(c.isObject(blocked) && c.get(blocked, name));
    },
    // A function called by a name `with (object)` binds gets `object` as `this`.
    withThis(fn, object) { return typeof fn === 'function' ? (...args) => c.apply(fn, object, args) : fn; },
    // A regular expression whose pattern is not ASCII, made from its text as written (the
    // output's literal would show it escaped in `source`); the output's own strings only.
    regExp(pattern, flags) { return c.construct(c.RegExp, [pattern, flags]); },
  });

  return c.freeze({ __proto__: null, S, G, R });
}
