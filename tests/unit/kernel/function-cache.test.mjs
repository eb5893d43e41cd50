'use strict';
// sandbox-page/kernel/function-cache.js: a text compiled once makes its functions from the kept
// factory. Every call gets a new function object; two calls share a factory only when kind and
// every part are the same strings (no split of the text into parts collides with another);
// refusals are never kept; the cache stays within its entries and characters, oldest dropped
// first; nothing the realm changes afterwards (its built-ins, a made function, the factory's
// products) changes what a later call gets.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();

/** Parts as the stand-ins make them: a null-prototype record of strings with a length. */
const parts = (...strings) => Object.assign(Object.create(null), strings, { length: strings.length });

/**
 * A cache over a fresh realm (with `limits` in place of the policy's), and a compile that makes
 * a factory in the realm whose functions return their key, counting its calls.
 */
function cached(limits = {}) {
  const { c, realm, makeFunctionCache } = withCommons(['function-cache.js']);
  const cache = makeFunctionCache(c, { ...policy, sandbox: { ...policy.sandbox, ...limits } });
  const compiles = [];
  const makeFactory = realm.run('(function (text) { return () => function anonymous() { return text; }; })');
  const compile = (kind, p) => {
    const text = `${kind}|${Array.from({ length: p.length }, (_, i) => p[i]).join('|')}`;
    compiles.push(text);
    return makeFactory(text);
  };
  const get = (kind, ...strings) => cache.functionFor(kind, parts(...strings), compile);
  return { realm, cache, compiles, get, compile };
}

describe('the function cache', () => {
  it('compiles a text once, and makes a new function for every call', () => {
    const { cache, compiles, get } = cached();
    const a = get('normal', 'a', 'return a');
    const b = get('normal', 'a', 'return a');
    assert.notEqual(a, b);
    assert.equal(a(), 'normal|a|return a');
    assert.equal(b(), 'normal|a|return a');
    assert.deepEqual(compiles, ['normal|a|return a']);
    assert.equal(cache.stats().hits, 1);
  });

  it('never lets one call\'s function reach the next: marks, prototypes and frozen state stay behind', () => {
    const { get } = cached();
    const first = get('normal', 'return 1');
    first.mark = 'from the first caller';
    first.prototype.inherited = true;
    Object.freeze(first);
    const second = get('normal', 'return 1');
    assert.equal(second.mark, undefined);
    assert.notEqual(second.prototype, first.prototype);
    assert.equal(Object.isFrozen(second), false);
  });

  it('keys by kind and by every part: no two different calls share a factory', () => {
    const { compiles, get } = cached();
    const calls = [
      ['normal', 'a,b', ''], ['normal', 'a', 'b', ''], ['normal', 'a', 'b,'], ['normal', 'a,b,'],
      ['async', 'a,b', ''], ['generator', 'a,b', ''], ['async-generator', 'a,b', ''],
      ['normal', '1:a', ''], ['normal', '1', 'a', ''], ['normal', ':'], ['normal', '', ':'], ['normal', ''], ['normal', '', ''],
      ['normal', '__proto__'], ['normal', 'constructor'], ['normal', 'hasOwnProperty', ''],
    ];
    for (const call of calls) assert.equal(get(...call)(), `${call[0]}|${call.slice(1).join('|')}`, JSON.stringify(call));
    assert.equal(compiles.length, calls.length, 'each call compiled once, none answered by another');
    for (const call of calls) get(...call);
    assert.equal(compiles.length, calls.length, 'each answered from the cache the second time');
  });

  it('keeps no refusal: the text is compiled, and refused, again', () => {
    const { cache, get } = cached();
    let refusals = 0;
    const refuse = () => { refusals++; throw new SyntaxError('refused'); };
    assert.throws(() => cache.functionFor('normal', parts('}); x(); ({'), refuse), SyntaxError);
    assert.throws(() => cache.functionFor('normal', parts('}); x(); ({'), refuse), SyntaxError);
    assert.equal(refusals, 2);
    assert.equal(cache.stats().entries, 0);
    assert.equal(get('normal', 'ok')(), 'normal|ok');
  });

  it('keeps nothing when the factory makes no function, and says so', () => {
    const { cache, realm } = cached();
    const notAFactory = realm.run('(() => () => ({ not: "a function" }))');
    assert.throws(() => cache.functionFor('normal', parts('x'), () => notAFactory()), /made no function/);
    assert.equal(cache.stats().entries, 0);
  });

  it('holds at most its entries, dropping the oldest first', () => {
    const { cache, compiles, get } = cached({ functionCacheEntries: 3 });
    for (const body of ['1', '2', '3', '4']) get('normal', body);
    assert.equal(cache.stats().entries, 3);
    get('normal', '4'); get('normal', '3'); get('normal', '2');
    assert.equal(compiles.length, 4, '2, 3 and 4 are kept');
    get('normal', '1');
    assert.equal(compiles.length, 5, '1 was dropped, and compiled again');
    assert.equal(cache.stats().entries, 3);
  });

  it('holds at most its characters of keys, and never a key longer than all of them', () => {
    const { cache, compiles, get } = cached({ functionCacheChars: 100 });
    const big = 'x'.repeat(60);
    get('normal', big);
    get('normal', big);
    assert.equal(compiles.length, 1);
    get('normal', `${big}y`);
    assert.ok(cache.stats().chars <= 100, `${cache.stats().chars} characters kept`);
    assert.equal(cache.stats().entries, 1, 'the first was dropped to make room');
    const huge = 'z'.repeat(200);
    get('normal', huge);
    get('normal', huge);
    assert.equal(compiles.filter((t) => t.endsWith(huge)).length, 2, 'a key over the budget is never kept');
    assert.ok(cache.stats().chars <= 100);
  });

  it('answers the same after the realm replaces what it could reach', () => {
    const { realm, compiles, get } = cached();
    get('normal', 'return 7');
    realm.run(`
      Object.prototype.__defineGetter__('normal:1:8:return 7', function () { throw new Error('polluted lookup'); });
      Function.prototype.call = Function.prototype.apply = function () { throw new Error('polluted call'); };
      Reflect.apply = function () { throw new Error('polluted Reflect'); };
      Object.hasOwn = function () { return false; };
      String.prototype.concat = function () { throw new Error('polluted concat'); };`);
    assert.equal(get('normal', 'return 7')(), 'normal|return 7');
    assert.equal(compiles.length, 1, 'still answered from the cache');
    assert.equal(get('normal', 'return 8')(), 'normal|return 8');
  });
});
