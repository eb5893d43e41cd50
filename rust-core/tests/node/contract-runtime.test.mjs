'use strict';
// The reference runtime against docs/output-contract.md, with hand-written code of the shape the
// transpiler emits, so that a failure of the other tests can be pinned on the transpiler and not
// on the runtime. Needs no CLI.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILTIN_NAMES, RESERVED_NAMES, UNDELETABLE_NAMES } from './builtins.mjs';
import { createSandbox, runScript } from './contract-runtime.mjs';

/** Runs contract-shaped code (S, G, R spelled out) in a fresh or given sandbox. */
function run(code, sandbox = createSandbox()) {
  const names = { S: '__paranoid_scope__', G: '__paranoid_global__', R: '__paranoid_rt__' };
  const value = runScript(sandbox, `"use strict";${code.replace(/\b[SGR]\b/g, (n) => names[n])}`);
  return { value, sandbox };
}

/** A realm's array as this realm's, read by index (its iterator may be patched). */
const list = (array) => Array.prototype.slice.call(array);

/** `Name: message` of what `code` throws. */
function thrown(code, sandbox) {
  try {
    run(code, sandbox);
  } catch (error) {
    return `${error.constructor.name}: ${error.message}`;
  }
  return 'nothing thrown';
}

describe('the real global', () => {
  it('binds only the reserved names (and what no realm can delete)', () => {
    const { realGlobalKeys } = createSandbox();
    assert.deepStrictEqual(realGlobalKeys().map(String).sort(), [...RESERVED_NAMES, ...UNDELETABLE_NAMES].sort());
  });

  it('so an unrewritten free name fails', () => {
    assert.match(thrown('Array'), /^ReferenceError: Array is not defined/);
  });
});

describe('S', () => {
  it('holds the realm’s built-ins, not Node’s', () => {
    const { scope, context } = createSandbox();
    for (const name of BUILTIN_NAMES) assert.ok(Object.hasOwn(scope, name), name);
    assert.notEqual(scope.Array, Array);
    assert.ok(runScript({ context }, '[]') instanceof scope.Array);
    assert.equal(Object.getPrototypeOf(scope.Array.prototype), scope.Object.prototype);
  });

  it('has no eval and no host objects', () => {
    const { scope } = createSandbox();
    for (const name of ['eval', 'console', 'WebAssembly', 'SharedArrayBuffer', 'process', 'require']) {
      assert.ok(!(name in scope), name);
    }
  });

  it('throws ReferenceError of the realm on a missing read and write', () => {
    const sandbox = createSandbox();
    assert.equal(thrown('S.nope;', sandbox), 'ReferenceError: nope is not defined');
    assert.equal(thrown('S.nope = 1;', sandbox), 'ReferenceError: nope is not defined');
    assert.equal(run('try { S.nope } catch (e) { e instanceof S.ReferenceError }', sandbox).value, true);
  });

  it('answers false to in for a missing name', () => {
    assert.equal(run('"nope" in S').value, false);
  });

  it('does not have Object.prototype on its chain, only the functions a browser\'s global inherits as its own', () => {
    assert.deepStrictEqual(list(run('["constructor" in S, "__proto__" in S, "__defineGetter__" in S, S.Object.getPrototypeOf(S.Object.getPrototypeOf(S)) === null]').value), [false, false, false, true]);
    assert.deepStrictEqual(list(run('[S.Object.hasOwn(S, "toString"), S.Object.hasOwn(S, "hasOwnProperty"), S.toString === S.Object.prototype.toString]').value), [true, true, true]);
  });

  it('names G as globalThis, self and window, and as top, parent and frames of a top-level window', () => {
    assert.equal(run('S.globalThis === G && S.self === G && S.window === G').value, true);
    assert.equal(run('S.top === G && S.parent === G && S.frames === G && G.top === G.self').value, true);
    // `if (window.top !== window.self) return;`, the frame guard of many userscripts, runs on.
    assert.equal(run('(function () { if (G.top !== G.self) return "bailed"; return "ran"; })()').value, 'ran');
    assert.deepStrictEqual(list(run('["top", "parent", "frames"].map((n) => { const d = S.Object.getOwnPropertyDescriptor(G, n); return [d.writable, d.enumerable]; })').value).map(list), [[false, true], [true, true], [true, true]]);
  });
});

describe('G', () => {
  it('reads a missing name as undefined', () => {
    assert.equal(run('G.jQuery === undefined && typeof G.jQuery').value, 'undefined');
  });

  it('creates properties of S on write', () => {
    assert.equal(run('G.fresh = 1; S.fresh').value, 1);
  });

  it('reflects S in delete, in, keys and descriptors', () => {
    const { value } = run(`G.k = 1;
      const d = S.Object.getOwnPropertyDescriptor(G, "k");
      const r = [d.value, d.writable, d.enumerable, d.configurable, "k" in G, S.Object.keys(G).includes("k"), delete G.k, "k" in S];
      r`);
    assert.deepStrictEqual(list(value), [1, true, true, true, true, true, true, false]);
  });

  it('cannot be made non-extensible or given a prototype', () => {
    assert.match(thrown('S.Object.preventExtensions(G)'), /^TypeError/);
    assert.match(thrown('S.Object.setPrototypeOf(G, {})'), /^TypeError/);
    assert.equal(run('S.Object.getPrototypeOf(G)').value, null);
  });
});

describe('R', () => {
  it('declareVars creates missing names and keeps existing ones', () => {
    const { value } = run(`G.kept = 5; R.declareVars(["a", "kept"]);
      const d = S.Object.getOwnPropertyDescriptor(S, "a");
      [d.value, d.writable, d.enumerable, d.configurable, S.kept]`);
    assert.deepStrictEqual(list(value), [undefined, true, true, false, 5]);
  });

  it('declareFunction defines or overwrites, non-configurable unless it was configurable', () => {
    const { value } = run(`R.declareVars(["v"]); R.declareFunction("v", function v() { return 1; });
      R.declareFunction("f", function f() { return 2; });
      G.c = 0; R.declareFunction("c", function c() { return 3; });
      const O = S.Object;
      [S.v(), O.getOwnPropertyDescriptor(S, "v").configurable, S.f(), O.getOwnPropertyDescriptor(S, "f").configurable,
       O.getOwnPropertyDescriptor(S, "f").enumerable, S.c(), O.getOwnPropertyDescriptor(S, "c").configurable]`);
    assert.deepStrictEqual(list(value), [1, false, 2, false, true, 3, true]);
  });

  it('declareLexical creates uninitialised names, initLexical gives them their value, a second declaration is refused', () => {
    const sandbox = createSandbox();
    assert.match(thrown('R.declareLexical(["x", "y"], []); S.x', sandbox), /^ReferenceError: Cannot access 'x' before initialization/);
    assert.match(thrown('S.y = 1;', sandbox), /^ReferenceError/);
    assert.deepStrictEqual(list(run('R.initLexical("x", 1); R.initLexical("y", undefined); S.x = 2; [S.x, S.y]', sandbox).value), [2, undefined]);
    assert.match(thrown('R.declareLexical(["y"], []);', sandbox), /^SyntaxError: Identifier 'y' has already been declared/);
    assert.match(thrown('R.declareVars(["x"]);', sandbox), /^SyntaxError/);
    assert.match(thrown('R.declareFunction("x", function x() {});', sandbox), /^SyntaxError/);
    assert.match(thrown('R.initLexical("x", 3);', sandbox), /no uninitialised binding/);
  });

  it('a lexical binding is no property of the global object, which keeps its own of that name', () => {
    const sandbox = createSandbox();
    const { value } = run(`R.declareLexical(["lex", "Map"], []); R.initLexical("lex", 1); R.initLexical("Map", 2);
      G.lex = "property";
      [S.lex, S.Map, G.lex, typeof G.Map, "Map" in G, S.Object.keys(G).includes("lex"), delete G.lex, G.lex, S.lex]`, sandbox);
    assert.deepStrictEqual(list(value), [1, 2, 'property', 'function', true, true, true, undefined, 1]);
  });

  it('lexicalInitializer hands out setters that initialise, once each', () => {
    const sandbox = createSandbox();
    const { value } = run('R.declareLexical(["p", "q"], ["q"]); const t = R.lexicalInitializer(["p", "q"]); t.p = 1; t.q = S.p + 1; [S.p, S.q]', sandbox);
    assert.deepStrictEqual(list(value), [1, 2]);
    assert.match(thrown('S.q = 3;', sandbox), /^TypeError/);
  });

  it('declareLexical refuses a var, a function and undefined, checking all names first', () => {
    const sandbox = createSandbox();
    run('R.declareVars(["v"]); R.declareFunction("f", function f() {});', sandbox);
    for (const name of ['v', 'f', 'undefined']) {
      assert.match(thrown(`R.declareLexical(["fresh_${name}", "${name}"]);`, sandbox), /^SyntaxError/, name);
      assert.equal(run(`"fresh_${name}" in S`, sandbox).value, false);
    }
  });

  it('a constant is read-only once initialised', () => {
    const sandbox = createSandbox();
    run('R.declareLexical(["k"], ["k"]); R.initLexical("k", 1);', sandbox);
    assert.match(thrown('S.k = 2;', sandbox), /^TypeError/);
    assert.equal(run('S.k', sandbox).value, 1);
  });

  it('is out of reach of patched built-ins', () => {
    const { value } = run(`const O = S.Object;
      O.prototype.get = function () { return 666; };
      O.prototype.set = function () {};
      O.prototype.has = function () { return true; };
      O.prototype.deleteProperty = function () { return true; };
      S.Array.prototype[S.Symbol.iterator] = function* () { yield "evil"; };
      O.defineProperty = function () { throw new S.Error("patched"); };
      S.Reflect.has = function () { return true; };
      R.declareVars(["a"]); R.declareLexical(["k"], ["k"]); R.initLexical("k", 1);
      G.fresh = 2;
      const d = O.getOwnPropertyDescriptor(S, "a");
      [d.value === undefined, d.configurable, "nope" in G, G.nope, S.fresh, delete G.fresh]`);
    assert.deepStrictEqual(list(value), [true, false, false, undefined, 2, true]);
  });

  it('cannot be changed', () => {
    assert.match(thrown('R.declareVars = null;'), /^TypeError/);
  });
});

describe('the Function stand-ins', () => {
  it('are what Function and the function prototypes’ constructors name', () => {
    const { value } = run(`const O = S.Object, F = S.Function;
      [F.name, F.length, F.prototype === O.getPrototypeOf(function () {}), (function () {}).constructor === F,
       O.getPrototypeOf(async function () {}).constructor.name, O.getPrototypeOf(function* () {}).constructor.name,
       O.getPrototypeOf(async function* () {}).constructor.name, (() => {}) instanceof F]`);
    assert.deepStrictEqual(list(value), [
      'Function', 1, true, true, 'AsyncFunction', 'GeneratorFunction', 'AsyncGeneratorFunction', true,
    ]);
  });
});
