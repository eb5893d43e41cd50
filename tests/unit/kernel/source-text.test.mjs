'use strict';
// sandbox-page/kernel/source-text.js: `Function.prototype.toString` of a sandboxed function is
// its original text, comments and all, as the engine would show it; a built-in's, a bound
// function's and a proxy's are the engine's; the kernel's own functions look native; a text
// not kept, or a mark with a range outside its text, falls back to the engine's text; forged
// keys are never looked up; nothing the realm patches afterwards changes an answer. The code
// below is the real core's output (`paranoid transpile`), loaded into the realm.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { paranoidBin } from '../../../rust-core/tests/node/paranoid-cli.mjs';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const transpile = (source) => execFileSync(paranoidBin(), ['transpile', '-'], { input: source, encoding: 'utf8' });
/** The core's key of a text, as the kernel's `core.sourceKey` gives it. */
const sourceKey = (text) => execFileSync(paranoidBin(), ['source-key', '-'], { input: text, encoding: 'utf8' }).trim();

/** The stand-in installed over a fresh realm with a small runtime, and a way to run sources. */
function boot(limits = {}, keyOf = sourceKey, nativeSourceKeys = undefined) {
  const { c, realm, makeSourceTexts } = withCommons(['source-text.js']);
  const texts = makeSourceTexts(c, { ...policy, sandbox: { ...policy.sandbox, ...limits }, nativeSourceKeys }, keyOf);
  texts.install();
  const S = realm.run('({ Object })');
  Object.assign(realm.global, {
    __paranoid_scope__: S,
    __paranoid_global__: S,
    __paranoid_rt__: {
      checkGlobalDeclarations() {},
      declareVars(names) { for (const n of names) if (!(n in S)) S[n] = undefined; },
      declareFunction(name, fn) { S[name] = fn; },
      declareLexical() {},
      initLexical(name, value) { S[name] = value; },
    },
  });
  /** Transpiles and runs `source`, keeping its text unless `keep` is false; returns the scope. */
  const load = (source, { keep = true } = {}) => {
    if (keep) assert.equal(texts.keep(sourceKey(source), source), true);
    realm.run(transpile(source));
    return S;
  };
  const standIn = realm.run('Function.prototype.toString');
  const toString = (fn) => Reflect.apply(standIn, fn, []);
  return { c, realm, texts, load, toString, S };
}

describe('Function.prototype.toString in the sandbox', () => {
  it('gives each function, method, accessor, arrow and class its original text', () => {
    const { load, toString, realm } = boot();
    const source = [
      '/* a */ function /* b */ f /* c */ (x, /* d */ y) { return x + y; /* e */ } // after',
      'var arrow = async (a) => /* body */ a * 2;',
      'var o = { m /* m */ () { return 1 }, get g() { return 2 }, set s(v) {}, *gen() {} };',
      'var getter = Object.getOwnPropertyDescriptor(o, "g").get;',
      'class K extends Object { static /* s */ make() { return new K() } #hidden() {} constructor() { super() } }',
      'var make = K.make;',
      'var café = function () { return "\u00e9\u{1F600}" };',
    ].join('\n');
    const S = load(source);
    assert.equal(toString(S.f), 'function /* b */ f /* c */ (x, /* d */ y) { return x + y; /* e */ }');
    assert.equal(toString(S.arrow), 'async (a) => /* body */ a * 2');
    assert.equal(toString(S.o.m), 'm /* m */ () { return 1 }');
    assert.equal(toString(S.getter), 'get g() { return 2 }');
    assert.equal(toString(S.o.gen), '*gen() {}');
    assert.equal(toString(S.K), 'class K extends Object { static /* s */ make() { return new K() } #hidden() {} constructor() { super() } }');
    assert.equal(toString(S.make), 'make() { return new K() }');
    assert.equal(toString(S['café']), 'function () { return "\u00e9\u{1F600}" }');
    // The ways code asks, all through the one method.
    assert.equal(realm.run('(f) => String(f)')(S.f), toString(S.f));
    assert.equal(realm.run('(f) => `${f}`')(S.arrow), toString(S.arrow));
    assert.equal(realm.run('(f) => f + ""')(S.K), toString(S.K));
  });

  it('answers as the engine does for built-ins, bound functions and proxies', () => {
    const { realm, toString, load } = boot();
    const S = load('var f = function named() {};');
    assert.match(toString(realm.run('Array.prototype.push')), /^function push\(\) \{\s*\[native code\]\s*\}$/);
    assert.match(toString(realm.run('Math.max')), /\[native code\]/);
    assert.match(toString(realm.run('(f) => f.bind(null)')(S.f)), /\[native code\]/);
    assert.match(toString(realm.run('(f) => new Proxy(f, {})')(S.f)), /\[native code\]/);
    assert.throws(() => toString(realm.run('({})')), (e) => e instanceof realm.run('TypeError'));
    assert.throws(() => toString(realm.run('new Proxy({}, {})')), (e) => e instanceof realm.run('TypeError'));
  });

  it('shows the kernel\'s own functions in the native form, reading no getter', () => {
    const { realm, toString } = boot();
    const kernelish = realm.run('(function setTimeout(callback, ms) { return secretInternals(callback); })');
    assert.equal(toString(kernelish), 'function setTimeout() { [native code] }');
    let read = false;
    const named = realm.run('(function inner() { return 1; })');
    Object.defineProperty(named, 'name', { get() { read = true; return 'x'; } });
    assert.equal(toString(named), 'function () { [native code] }');
    assert.equal(read, false);
  });

  it('falls back to the engine\'s text for a text it does not keep, or a range outside it', () => {
    const { toString, load, texts } = boot();
    const S = load('var lost = function () { return 1 };', { keep: false });
    assert.match(toString(S.lost), /\/\*paranoid:f:[0-9a-f]{16}:\d+:\d+\*\/\}$/);
    // A text kept under the key, but shorter than the mark says: not sliced past its end.
    const source = 'var g = function () { return 2 };';
    texts.keep(sourceKey(source), 'var g');
    const G = load(source, { keep: false });
    assert.match(toString(G.g), /paranoid:f:/);
  });

  it('never takes text the input controls for a mark', () => {
    const { toString, load } = boot();
    const S = load([
      'var s = function () { return "/*paranoid:f:0000000000000000:0:3*/" };',
      'var r = () => /\\/*paranoid:f:0000000000000000:0:3*/;',
    ].join('\n'));
    assert.equal(toString(S.s), 'function () { return "/*paranoid:f:0000000000000000:0:3*/" }');
    assert.equal(toString(S.r), '() => /\\/*paranoid:f:0000000000000000:0:3*/');
  });

  it('keeps only well-formed keys, within its budget', () => {
    const { texts } = boot({ sourceTextChars: 10 });
    assert.equal(texts.keep('__proto__', 'x'), false);
    assert.equal(texts.keep('0123456789ABCDEF', 'x'), false);
    assert.equal(texts.keep('0123456789abcdef', 'abcdef'), true);
    assert.equal(texts.keep('0123456789abcdee', 'abcdef'), false, 'over the budget');
    assert.equal(texts.stats().chars, 6);
    assert.equal(texts.keepOriginal('abcd'), true, 'counted at once, hashed when a mark asks');
    assert.equal(texts.stats().chars, 10);
    assert.equal(texts.keepOriginal('a'), false, 'over the budget');
  });

  it('answers in the native form for the texts the build transpiled (the policy\'s nativeSourceKeys)', () => {
    const library = 'function querySelector(selector) { return null; }\nclass HTMLElement {}\nvar make = () => 1;';
    const { toString, realm, texts } = boot({}, sourceKey, [sourceKey(library), 42]);
    assert.equal(texts.keepOriginal(library), true);
    realm.run(transpile(library));
    const S = realm.run('__paranoid_scope__');
    assert.equal(toString(S.querySelector), 'function querySelector() { [native code] }');
    assert.equal(toString(S.HTMLElement), 'function HTMLElement() { [native code] }');
    assert.equal(toString(S.make), 'function make() { [native code] }');
    // Another text's functions still show their own text.
    const own = 'var mine = function (a) { return a; };';
    texts.keep(sourceKey(own), own);
    realm.run(transpile(own));
    assert.equal(toString(S.mine), 'function (a) { return a; }');
  });

  it('hashes a text transpiled before only when a mark names a key it does not know, once', () => {
    const hashed = [];
    const { texts, toString, realm } = boot({}, (text) => { hashed.push(text.length); return sourceKey(text); });
    const original = 'var f = function /* kept */ (a) { return a; };';
    realm.run(transpile('var other = function () {};'));
    assert.equal(texts.keepOriginal(original), true);
    assert.deepEqual(hashed, [], 'nothing hashed on keeping');
    realm.run(transpile(original));
    assert.match(toString(realm.run('__paranoid_scope__.other')), /paranoid:f:/, 'an unknown key: the engine\'s text');
    assert.deepEqual(hashed, [original.length], 'the pending text hashed once');
    assert.equal(toString(realm.run('__paranoid_scope__.f')), 'function /* kept */ (a) { return a; }');
    assert.equal(toString(realm.run('__paranoid_scope__.f')), 'function /* kept */ (a) { return a; }');
    assert.deepEqual(hashed, [original.length], 'no hash again');
  });

  it('is a method like the built-in: toString, length 0, not a constructor, writable', () => {
    const { realm } = boot();
    const standIn = realm.run('Function.prototype.toString');
    assert.equal(standIn.name, 'toString');
    assert.equal(standIn.length, 0);
    assert.throws(() => realm.run('(f) => new f()')(standIn), (e) => e instanceof realm.run('TypeError'));
    const desc = realm.run('Object.getOwnPropertyDescriptor(Function.prototype, "toString")');
    assert.deepEqual({ w: desc.writable, e: desc.enumerable, c: desc.configurable }, { w: true, e: false, c: true });
    assert.match(realm.run('Function.prototype.toString.toString()'), /^function toString\(\) \{ \[native code\] \}$/);
  });

  it('answers the same after the realm patches what the stand-in uses', () => {
    const { realm, load, toString } = boot();
    const S = load('var f = function () { /* kept */ };');
    realm.run(`
      String.prototype.slice = () => 'patched';
      RegExp.prototype.exec = () => null;
      Object.getOwnPropertyDescriptor = () => ({ value: 'patched' });
      Object.prototype[1] = 'patched';
      Function.prototype.call = () => 'patched';
    `);
    assert.equal(toString(S.f), 'function () { /* kept */ }');
    assert.equal(toString(realm.run('(function k() { hidden(); })')), 'function k() { [native code] }');
  });
});
