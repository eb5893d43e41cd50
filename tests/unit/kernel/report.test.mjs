'use strict';
// sandbox-page/kernel/report.js: the host's `report` (the JSON of names a script left on its
// global, and the globals it reached for and did not find). Only own properties are read; a
// throwing getter, a hostile `toJSON`, a proxy or a value too large gives `unserialisable`, never
// a throw; the missing names are bounded, each once and cut; and setters or a `JSON.stringify`
// the realm planted afterwards are never called.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { kernelPolicy, withCommons } from './load-kernel-file.mjs';

const policy = kernelPolicy();
const LIMIT = policy.hostTextLimit;
const REPORT_LIMIT = policy.sandbox.reportLimit;
const MISSING_KEPT = policy.sandbox.missingKept;

function reporter() {
  const { realm, c, makeHostText, makeReport } = withCommons(['host-text.js', 'report.js']);
  const report = makeReport(c, policy, makeHostText(c, LIMIT, (s) => s));
  /** The realm's global object S as a script left it. */
  const scope = (source) => realm.run(`(() => { const S = Object.create({ inherited: 1 }); ${source}; return S; })()`);
  return { realm, report, scope };
}
const plain = (values) => ({ ...values });

describe('values', () => {
  it('gives the JSON of own properties, and null for what is not there or has no JSON', () => {
    const { report, scope } = reporter();
    const S = scope('S.n = 1; S.s = "two"; S.o = { a: [true, null] }; S.u = undefined; S.f = function () {}; S.sym = Symbol("x")');
    const answer = report.answer(S, ['n', 's', 'o', 'u', 'f', 'sym', 'absent', 'inherited', 'toString']);
    assert.equal(Object.getPrototypeOf(answer.values), null);
    assert.deepEqual(plain(answer.values), {
      n: '1', s: '"two"', o: '{"a":[true,null]}', u: null, f: null, sym: null, absent: null, inherited: null, toString: null,
    });
  });

  it('gives unserialisable, never a throw, for hostile values', () => {
    const { report, scope } = reporter();
    const S = scope(`
      Object.defineProperty(S, 'getter', { get() { throw new TypeError('getter says no'); }, enumerable: true });
      S.toJSON = { toJSON() { throw new Error('toJSON says no'); } };
      S.cycle = {}; S.cycle.self = S.cycle;
      S.big = 10n;
      S.proxy = new Proxy({}, { ownKeys() { throw new Error('trap says no'); } });
      S.revoked = (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })();
      S.worse = { toJSON() { throw { get message() { throw 1; } }; } };`);
    const values = report.answer(S, ['getter', 'toJSON', 'cycle', 'big', 'proxy', 'revoked', 'worse']).values;
    assert.equal(values.getter, '{"unserialisable":"getter says no"}');
    assert.equal(values.toJSON, '{"unserialisable":"toJSON says no"}');
    assert.match(JSON.parse(values.cycle).unserialisable, /circular/i);
    assert.match(JSON.parse(values.big).unserialisable, /BigInt/);
    assert.equal(values.proxy, '{"unserialisable":"trap says no"}');
    assert.match(JSON.parse(values.revoked).unserialisable, /revoked/);
    assert.match(JSON.parse(values.worse).unserialisable, /^\(reading the error threw/);
  });

  it(`gives unserialisable for JSON over ${REPORT_LIMIT} characters`, () => {
    const { report, scope } = reporter();
    const S = scope(`S.fits = "a".repeat(${REPORT_LIMIT - 2}); S.over = "a".repeat(${REPORT_LIMIT - 1})`);
    const values = report.answer(S, ['fits', 'over']).values;
    assert.equal(values.fits.length, REPORT_LIMIT);
    assert.equal(values.over, `{"unserialisable":"over ${REPORT_LIMIT} characters"}`);
  });

  it('cuts an error message to hostTextLimit', () => {
    const { report, scope } = reporter();
    const S = scope(`Object.defineProperty(S, 'g', { get() { throw new Error("m".repeat(${LIMIT * 2})); } })`);
    assert.equal(JSON.parse(report.answer(S, ['g']).values.g).unserialisable.length, LIMIT + 1);
  });

  it('records a name like __proto__ as its own entry', () => {
    const { report, scope } = reporter();
    const S = scope('Object.defineProperty(S, "__proto__", { value: 5, enumerable: true })');
    const values = report.answer(S, ['__proto__']).values;
    assert.equal(Object.getPrototypeOf(values), null);
    assert.ok(Object.hasOwn(values, '__proto__'));
    assert.equal(values.__proto__, '5');
  });

  it('uses the captured JSON.stringify and hasOwn, not what the realm has later', () => {
    const { realm, report, scope } = reporter();
    const S = scope('S.x = [1, 2]');
    realm.run('JSON.stringify = () => "polluted"; Object.hasOwn = () => true;');
    assert.deepEqual(plain(report.answer(S, ['x', 'inherited']).values), { x: '[1,2]', inherited: null });
  });
});

describe('missing names', () => {
  it('keeps each string name once, in order', () => {
    const { realm, report, scope } = reporter();
    for (const key of ['document', 'fetch', 'document', realm.run('Symbol.iterator'), 'fetch', 'chrome']) report.noteMissing(key);
    assert.deepEqual([...report.answer(scope(''), []).missing], ['document', 'fetch', 'chrome']);
  });

  it(`keeps only the first ${MISSING_KEPT}, each cut to hostTextLimit`, () => {
    const { report, scope } = reporter();
    report.noteMissing('n'.repeat(LIMIT + 100));
    for (let i = 0; i < MISSING_KEPT + 50; i++) report.noteMissing(`name${i}`);
    const missing = report.answer(scope(''), []).missing;
    assert.equal(missing.length, MISSING_KEPT);
    assert.equal(missing[0].length, LIMIT + 1);
    assert.equal(missing[MISSING_KEPT - 1], `name${MISSING_KEPT - 2}`);
  });

  it('answers a copy: a later name does not change an earlier answer', () => {
    const { report, scope } = reporter();
    report.noteMissing('first');
    const earlier = report.answer(scope(''), []).missing;
    report.noteMissing('second');
    assert.deepEqual([...earlier], ['first']);
    assert.deepEqual([...report.answer(scope(''), []).missing], ['first', 'second']);
  });

  it('never calls a setter the realm planted on Array.prototype', () => {
    const { realm, report, scope } = reporter();
    realm.run(`globalThis.calls = 0;
      for (let i = 0; i < 4; i++) Object.defineProperty(Array.prototype, i, { set() { calls++; }, get() { return 'planted'; }, configurable: true });`);
    report.noteMissing('a');
    report.noteMissing('b');
    const missing = report.answer(scope(''), []).missing;
    assert.equal(realm.run('calls'), 0);
    assert.equal(missing[0], 'a');
    assert.equal(missing[1], 'b');
  });
});
