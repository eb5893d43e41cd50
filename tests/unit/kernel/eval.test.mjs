'use strict';
// sandbox-page/kernel/eval.js: the indirect-eval stand-in. Only a string is code; refused text
// throws the realm's SyntaxError and nothing is loaded; the result is the last completion value
// of the stand-in's own call, an eval inside it (nested) or a throw in it leaving the outer
// value alone; the stand-in is `eval` of length 1 and not a constructor. The texts below are the
// real core's output (`paranoid transpile --eval`), loaded into the realm with its runtime.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { paranoidBin } from '../../../rust-core/tests/node/paranoid-cli.mjs';
import { withCommons } from './load-kernel-file.mjs';

/** The core's eval entry, as the kernel's glue answers it. */
const coreEval = (source) => {
  try {
    return { ok: true, code: execFileSync(paranoidBin(), ['transpile', '--eval', '-'], { input: source, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }), diagnostics: [] };
  } catch (error) {
    const m = /error\[([a-z-]+)\]: (.*)/.exec(String(error.stderr));
    return { ok: false, diagnostics: m ? [{ code: m[1], message: m[2] }] : [] };
  }
};

/** The stand-in over a fresh realm whose `__paranoid_rt__.evalValue` is its `completion`. */
function boot({ transpile = coreEval } = {}) {
  const { c, realm, makeEval } = withCommons(['eval.js']);
  const transpiled = [];
  const loads = [];
  const evaluator = makeEval(c, transpile === null ? null : (source) => { transpiled.push(source); return transpile(source); }, (code) => { loads.push(code); realm.run(code); });
  // A small runtime (the kernel's is scope.js): the scope a plain object, declarations on it.
  const S = realm.run('({})');
  S.evalStandIn = evaluator.eval;
  Object.assign(realm.global, {
    __paranoid_scope__: S,
    __paranoid_global__: S,
    __paranoid_rt__: {
      evalValue: evaluator.completion,
      checkGlobalDeclarations() {},
      declareVars(names) { for (const n of names) if (!(n in S)) S[n] = undefined; },
      declareFunction(name, fn) { S[name] = fn; },
      declareLexical() {},
      initLexical(name, value) { S[name] = value; },
      lexicalInitializer() { return S; },
    },
  });
  return { realm, evaluator, transpiled, loads };
}

describe('the indirect-eval stand-in', () => {
  it('returns anything but a string as it is, without the core', () => {
    const { evaluator, transpiled } = boot();
    const object = {};
    assert.equal(evaluator.eval(object), object);
    assert.equal(evaluator.eval(42), 42);
    assert.equal(evaluator.eval(undefined), undefined);
    assert.deepEqual(transpiled, [], 'a String object is not a string either');
    const wrapped = Object('1 + 1');
    assert.equal(evaluator.eval(wrapped), wrapped);
  });

  it('gives the completion value the spec gives', () => {
    const { evaluator } = boot();
    const cases = [
      ['1 + 1', 2],
      ['1; var x = 2;', 1],
      ['1; if (false) {}', undefined],
      ['1; if (true) { 2; }', 2],
      ['try { 3 } finally { 4 }', 3],
      ['5; function f() { return 6; }', 5],
      ['7; {}', 7],
      ['8; do { 9; break; } while (true)', 9],
      ['l: for (var i = 0; i < 3; i++) { i; continue l; }', 2],
      ['switch (1) { case 1: 10; }', 10],
      ['"use strict"', 'use strict'],
      ['', undefined],
    ];
    for (const [text, expected] of cases) assert.equal(evaluator.eval(text), expected, text);
  });

  it('throws the realm\'s SyntaxError for refused text, and loads nothing', () => {
    const { realm, evaluator, loads } = boot();
    for (const text of ['eval("1")', '"use strict"; with (o) x', 'import("x")', '1 +', '__paranoid_rt__.evalValue(1)']) {
      assert.throws(() => evaluator.eval(text), (e) => e instanceof realm.global.SyntaxError && e.message.length > 0, text);
    }
    assert.deepEqual(loads, []);
  });

  it('keeps each call\'s value: a nested eval and a throw leave the outer value alone', () => {
    const { evaluator } = boot();
    assert.equal(evaluator.eval('"outer"; var inner = evalStandIn("\\"inner\\""); inner;'), 'inner');
    assert.equal(evaluator.eval('"outer"; evalStandIn("\\"inner\\""), 0; "last"'), 'last');
    assert.equal(evaluator.eval('"kept"; try { evalStandIn("1; throw 2"); } catch (e) {}'), undefined, 'a try\'s completion is its block\'s, here empty, so undefined');
    assert.equal(evaluator.eval('"kept"; var r; try { evalStandIn("3; throw 4"); } catch (e) { r = e; } r'), 4);
    assert.throws(() => evaluator.eval('1; throw "from the text"'), (e) => e === 'from the text');
    assert.equal(evaluator.eval('"after a throw"'), 'after a throw');
  });

  it('is a function named eval of length 1, not a constructor', () => {
    const { evaluator, realm } = boot();
    assert.equal(evaluator.eval.name, 'eval');
    assert.equal(evaluator.eval.length, 1);
    assert.equal(Object.getPrototypeOf(evaluator.eval), realm.global.Function.prototype);
    assert.throws(() => new evaluator.eval('1'), TypeError);
  });

  it('refuses every text when the transpiler layer is off', () => {
    const { evaluator, loads } = boot({ transpile: null });
    assert.throws(() => evaluator.eval('1'), /the transpiler layer is off/);
    assert.equal(evaluator.eval(1), 1);
    assert.deepEqual(loads, []);
  });
});
