'use strict';
// Real libraries must behave the same after transpiling. lodash and underscore are loaded once
// as the original script in a reference realm and once transpiled in a contract sandbox; then
// one probe script (the same source on both sides, transpiled for the sandbox) makes the same
// calls in each realm, and every call's JSON.stringify'd result must match.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { RESERVED_NAMES, UNDELETABLE_NAMES } from './builtins.mjs';
import { createSandbox, runScript, transpile } from './contract-runtime.mjs';
import { createReference, runOriginal } from './reference-realm.mjs';

/** Calls made on lodash, as expressions of the realm's `_`. */
const LODASH_CALLS = {
  chunk: "_.chunk(['a', 'b', 'c', 'd', 'e'], 2)",
  map: "[_.map([{ n: 1 }, { n: 2 }], 'n'), _.map({ a: 1, b: 2 }, (v, k) => k + v)]",
  filter: "[_.filter([1, 2, 3, 4], (n) => n % 2 === 0), _.filter([{ a: 1, on: true }, { a: 2, on: false }], { on: true })]",
  reduce: '_.reduce({ a: 1, b: 2, c: 1 }, (acc, v, k) => { (acc[v] || (acc[v] = [])).push(k); return acc; }, {})',
  groupBy: "[_.groupBy([6.1, 4.2, 6.3], Math.floor), _.groupBy(['one', 'two', 'three'], 'length')]",
  sortBy: "_.sortBy([{ u: 'fred', a: 48 }, { u: 'barney', a: 36 }, { u: 'fred', a: 40 }], ['u', 'a'])",
  uniq: '[_.uniq([2, 1, 2, 3, 1]), _.uniqBy([2.1, 1.2, 2.3], Math.floor)]',
  flatten: '[_.flatten([1, [2, [3, [4]], 5]]), _.flattenDeep([1, [2, [3, [4]], 5]])]',
  zip: "[_.zip(['a', 'b'], [1, 2], [true, false]), _.unzip([['a', 1], ['b', 2]])]",
  template: "_.template('<b><%- data.user %></b><% _.each(data.list, function (i) { %><i><%= i %></i><% }); %>', { variable: 'data' })({ user: '<fred>', list: [1, 2] })",
  cloneDeep: '(() => { const o = { a: [1, { b: new Date(0) }], m: new Map([[1, 2]]) }; const c = _.cloneDeep(o); return [c.a[1] !== o.a[1], c.a[1].b.getTime(), c.m instanceof Map, [...c.m]]; })()',
  isEqual: '[_.isEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), _.isEqual(new Set([1]), new Set([2])), _.isEqual(NaN, NaN), _.isEqual([1], { 0: 1 })]',
  merge: '_.merge({ a: [{ b: 2 }, { d: 4 }] }, { a: [{ c: 3 }, { e: 5 }] })',
  pickOmit: "[_.pick({ a: 1, b: '2', c: 3 }, ['a', 'c']), _.omit({ a: 1, b: '2', c: 3 }, ['a', 'c']), _.pickBy({ a: 1, b: null }, _.isNumber)]",
  range: '[_.range(4), _.range(0, 20, 5), _.range(1, 4, 0), _.rangeRight(3)]',
  cases: "[['Foo Bar', '--foo-bar--', '__FOO_BAR__'].map(_.camelCase), _.kebabCase('fooBar'), _.snakeCase('Foo Bar'), _.startCase('--foo-bar--'), _.words('fred, barney, & pebbles')]",
  escape: "[_.escape('fred, barney, & <pebbles>'), _.unescape('&lt;b&gt;&amp;'), _.escapeRegExp('[lodash](https://lodash.com/)')]",
  partition: "_.partition([{ u: 'b', on: false }, { u: 'f', on: true }], 'on')",
  sets: '[_.intersection([2, 1], [2, 3]), _.difference([2, 1], [2, 3]), _.union([2], [1, 2]), _.xor([2, 1], [2, 3])]',
  memoize: '(() => { let calls = 0; const f = _.memoize((n) => { calls++; return n * 2; }); f(2); f(2); f(3); return [f(2), calls, f.cache.has(2)]; })()',
  chain: "[_.chain([{ u: 'b', a: 36 }, { u: 'f', a: 40 }, { u: 'p', a: 1 }]).sortBy('a').map((o) => o.u + ' is ' + o.a).head().value(), _([1, 2, 3]).map((n) => n * n).sum()]",
  paths: "(() => { const o = { a: [{ b: { c: 3 } }] }; _.set(o, 'x[0].y', 5); return [_.get(o, 'a[0].b.c'), _.has(o, 'a[0].b'), o.x, _.get(o, 'nope.deep', 'dflt')]; })()",
  functions: '[_.curry((a, b, c) => [a, b, c])(1)(2)(3), _.flow([_.add, _.negate(_.isNaN)])(1, 2), _.partial((a, b) => a - b, 10)(3), _.times(3, String)]',
  types: '[_.isPlainObject({}), _.isPlainObject(Object.create(null)), _.isPlainObject(new Map()), _.isFunction(class {}), _.isNative(Map), _.isTypedArray(new Uint8Array(2)), _.isArguments((function () { return arguments; })()), _.isError(new TypeError("x")), _.isSymbol(Symbol.iterator)]',
  collections: "[_.countBy([6.1, 4.2, 6.3], Math.floor), _.keyBy([{ id: 'a1' }, { id: 'b2' }], 'id'), _.toPairs(new Map([[1, 2]])), _.size(new Set([1, 2])), _.sumBy([{ n: 4 }, { n: 2 }], 'n'), _.maxBy([{ n: 1 }, { n: 2 }], 'n')]",
  strings: "[_.pad('abc', 8, '_-'), _.truncate('hi-diddly-ho there, neighborino', { length: 24, separator: ' ' }), _.deburr('déjà vu'), _.repeat('*', 3), _.trim('  abc  ')]",
  runInContext: "[_.runInContext().VERSION, _.VERSION, typeof _.runInContext().template, _.uniqueId('c')]",
};

/** Calls made on underscore. */
const UNDERSCORE_CALLS = {
  chunk: "_.chunk(['a', 'b', 'c', 'd', 'e'], 2)",
  map: "[_.map([{ n: 1 }, { n: 2 }], 'n'), _.map({ a: 1, b: 2 }, (v, k) => k + v)]",
  filter: '[_.filter([1, 2, 3, 4], (n) => n % 2 === 0), _.where([{ a: 1, on: true }, { a: 2, on: false }], { on: true })]',
  reduce: "[_.reduce([1, 2, 3], (acc, n) => acc + n, 0), _.reduceRight([[0, 1], [2, 3]], (a, b) => a.concat(b), [])]",
  groupBy: "[_.groupBy([6.1, 4.2, 6.3], Math.floor), _.groupBy(['one', 'two', 'three'], 'length')]",
  sortBy: "_.sortBy([{ u: 'fred', a: 48 }, { u: 'barney', a: 36 }, { u: 'fred', a: 40 }], 'a')",
  uniq: '[_.uniq([2, 1, 2, 3, 1]), _.uniq([1, 1, 2, 2, 3], true)]',
  flatten: '[_.flatten([1, [2, [3, [4]], 5]]), _.flatten([1, [2, [3, [4]], 5]], true)]',
  zip: "[_.zip(['a', 'b'], [1, 2], [true, false]), _.unzip([['a', 1], ['b', 2]]), _.object(['a', 'b'], [1, 2])]",
  template: "_.template('<b><%- data.user %></b><% _.each(data.list, function (i) { %><i><%= i %></i><% }); %>', { variable: 'data' })({ user: '<fred>', list: [1, 2] })",
  clone: '(() => { const o = { a: [1, 2] }; const c = _.clone(o); return [c !== o, c.a === o.a, c]; })()',
  isEqual: '[_.isEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), _.isEqual([1, 2], [2, 1]), _.isEqual(NaN, NaN), _.isEqual(new Date(0), new Date(0))]',
  extend: '[_.extend({ a: 1 }, { b: 2 }, { a: 3 }), _.defaults({ a: 1 }, { a: 2, b: 2 }), _.extendOwn({}, Object.create({ inherited: 1 }))]',
  pickOmit: "[_.pick({ a: 1, b: '2', c: 3 }, 'a', 'c'), _.omit({ a: 1, b: '2', c: 3 }, ['a', 'c']), _.pick({ a: 1, b: 'x' }, _.isNumber)]",
  range: '[_.range(4), _.range(0, 20, 5), _.range(0, -4, -1), _.range(0)]',
  escape: "[_.escape('fred, barney, & <pebbles>'), _.unescape('&lt;b&gt;&amp;')]",
  partition: '_.partition([0, 1, 2, 3, 4, 5], (n) => n % 2 === 1)',
  sets: '[_.intersection([2, 1], [2, 3]), _.difference([2, 1], [2, 3]), _.union([2], [1, 2]), _.without([1, 2, 1, 3], 1)]',
  memoize: '(() => { let calls = 0; const f = _.memoize((n) => { calls++; return n * 2; }); f(2); f(2); f(3); return [f(2), calls, _.has(f.cache, 2)]; })()',
  chain: "[_.chain([{ u: 'b', a: 36 }, { u: 'f', a: 40 }, { u: 'p', a: 1 }]).sortBy('a').map((o) => o.u + ' is ' + o.a).first().value(), _([1, 2, 3]).map((n) => n * n)]",
  collections: "[_.countBy([6.1, 4.2, 6.3], Math.floor), _.indexBy([{ id: 'a1' }, { id: 'b2' }], 'id'), _.pluck([{ n: 1 }, { n: 2 }], 'n'), _.max([{ n: 1 }, { n: 2 }], (o) => o.n), _.size({ a: 1, b: 2 })]",
  objects: "[_.keys({ b: 1, a: 2 }), _.pairs({ a: 1 }), _.invert({ a: 'x' }), _.mapObject({ a: 1 }, (v) => v + 1), _.isMatch({ a: 1, b: 2 }, { a: 1 }), _.property(['a', 'b'])({ a: { b: 7 } })]",
  functions: "[_.partial((a, b) => a - b, 10)(3), _.compose((x) => x + 1, (x) => x * 2)(5), (() => { let n = 0; const once = _.once(() => ++n); once(); once(); return n; })(), _.times(3, String)]",
  types: '[_.isFunction(Map), _.isFunction(class {}), _.isArguments((function () { return arguments; })()), _.isDate(new Date()), _.isRegExp(/x/), _.isNaN(NaN), _.isTypedArray(new Uint8Array(1)), _.isDataView(new DataView(new ArrayBuffer(1))), _.isSymbol(Symbol())]',
  misc: "[_.uniqueId('c'), _.result({ f() { return this.v; }, v: 3 }, 'f'), _.findWhere([{ a: 1, b: 2 }, { a: 1, b: 3 }], { b: 3 }), _.sortedIndex([10, 20, 30], 25), _.chain([1, 2]).map((n) => n + 1).value(), _.VERSION]",
};

/**
 * One script that makes every call and keeps each call's outcome as a string in `probe`.
 * @param {Record<string, string>} calls
 */
function probeScript(calls) {
  const lines = Object.entries(calls).map(([name, expr]) =>
    `probe[${JSON.stringify(name)}] = (() => { try { return JSON.stringify(${expr}); } catch (e) { return 'threw ' + e.name + ': ' + e.message; } })();`);
  return ['var probe = {};', ...lines].join('\n');
}

/** The library calls that differ on purpose: `_.template` without `variable` writes a `with`. */
const WITH_TEMPLATE = "(() => { try { return _.template('hi <%= user %>')({ user: 'u' }); } catch (e) { return 'threw ' + e.name; } })()";

const LIBRARIES = [
  { name: 'lodash', file: 'lodash/lodash.js', calls: LODASH_CALLS },
  { name: 'underscore', file: 'underscore/underscore-umd.js', calls: UNDERSCORE_CALLS },
];

const TESTDATA = process.env.PARANOID_TESTDATA;

if (!TESTDATA) {
  it('PARANOID_TESTDATA is set', () => {
    assert.fail('PARANOID_TESTDATA is not set: point it at tests/node_modules with lodash and underscore installed (cargo xtask setup)');
  });
} else {
  for (const library of LIBRARIES) {
    describe(library.name, () => {
      /** @type {Record<string, string>} */ let original;
      /** @type {Record<string, string>} */ let transpiled;
      /** @type {import('./contract-runtime.mjs').Sandbox} */ let sandbox;
      /** @type {import('node:vm').Context} */ let reference;

      before(() => {
        const source = readFileSync(path.join(TESTDATA, library.file), 'utf8');
        const probe = probeScript(library.calls);

        reference = createReference();
        runOriginal(reference, source, { strict: false, filename: library.file });
        runOriginal(reference, probe, { filename: 'probe.js' });
        original = /** @type {any} */ (runOriginal(reference, 'probe', { strict: false }));

        sandbox = createSandbox();
        for (const [what, code] of [[library.file, source], ['probe.js', probe]]) {
          const result = transpile(code);
          assert.ok(result.ok, `paranoid transpile rejected ${what} (exit ${result.status}):\n${result.stderr}`);
          runScript(sandbox, result.code, { filename: `${what} (transpiled)` });
        }
        transpiled = sandbox.global.probe;
      });

      it('loads as the global _ and touches no real global', () => {
        assert.equal(typeof sandbox.global._, 'function');
        const expected = [...RESERVED_NAMES, ...UNDELETABLE_NAMES].sort();
        assert.deepStrictEqual(sandbox.realGlobalKeys().map(String).sort(), expected);
      });

      for (const name of Object.keys(library.calls)) {
        it(name, () => {
          assert.ok(!original[name].startsWith('threw '), `the probe itself fails on the original: ${original[name]}`);
          assert.equal(transpiled[name], original[name], `call: ${library.calls[name]}`);
        });
      }

      it('a template without `variable` compiles to `with`, which the transpiler rewrites', () => {
        assert.equal(runOriginal(reference, WITH_TEMPLATE), 'hi u');
        const result = transpile(`result = ${WITH_TEMPLATE};`);
        assert.ok(result.ok, result.stderr);
        sandbox.global.result = undefined;
        runScript(sandbox, result.code);
        assert.equal(sandbox.global.result, 'hi u');
      });
    });
  }
}
