'use strict';
// The wasm build at its JS boundary: lone surrogates must never be silently replaced, the
// nesting guard must refuse what would exhaust a worker's stack, and results are plain data.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

import { loadWasmCore, wasmCorePath } from './wasm-core.mjs';

const core = loadWasmCore();
const codes = (r) => (r.diagnostics ?? []).map((d) => d.code);

describe('lone surrogates', () => {
  for (const [where, source] of [
    ['a string', 'var s = "a\uD800b";'],
    ['a comment', '// \uDC00\nvar s = 1;'],
    ['a template', 'var s = `\uD83D`;'],
    ['an identifier position', 'var \uD800 = 1;'],
  ]) {
    it(`in ${where} are refused, with their position`, () => {
      for (const r of [core.vet(source), core.transpile(source)]) {
        assert.equal(r.ok, false);
        assert.deepEqual(codes(r), ['lone-surrogate']);
      }
      const d = core.vet(source).diagnostics[0];
      const expectedLine = source.slice(0, source.search(/[\uD800-\uDFFF]/)).split('\n').length;
      assert.equal(d.line, expectedLine);
    });
  }

  it('in the Function stand-in are refused too', () => {
    assert.deepEqual(codes(core.transpileFunction(['a'], 'return "\uD800"', 'normal')), ['lone-surrogate']);
    assert.deepEqual(codes(core.transpileFunction(['\uDC00'], 'return 1', 'normal')), ['lone-surrogate']);
  });

  it('written as escapes survive unchanged, and the output is ASCII', () => {
    const r = core.transpile('result = ["\\uD800", "\\uDC00x", "\\uD83D\\uDE00", "é\u2028"];');
    assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
    assert.match(r.code, /^[\x00-\x7F]*$/);
    const scope = Object.create(null);
    vm.runInNewContext(r.code, { __paranoid_scope__: scope, __paranoid_global__: scope, __paranoid_rt__: {} });
    const [a, b, c, d] = scope.result;
    assert.deepEqual([a.length, a.charCodeAt(0)], [1, 0xd800]);
    assert.deepEqual([b.length, b.charCodeAt(0)], [2, 0xdc00]);
    assert.equal(c, '\u{1F600}');
    assert.equal(d, 'é\u2028');
  });

  it('a valid pair is not mistaken for a lone surrogate', () => {
    assert.equal(core.vet('var s = "\u{1F600}";').ok, true);
  });
});

describe('nesting in an emulated worker stack', () => {
  const probe = fileURLToPath(new URL('./wasm-nesting-probe.mjs', import.meta.url));
  const lines = execFileSync(process.execPath, ['--stack-size=374', probe], {
    encoding: 'utf8',
    env: { ...process.env, PARANOID_WASM: wasmCorePath() },
    maxBuffer: 1 << 26,
  }).trim().split('\n').map((l) => JSON.parse(l));

  for (const r of lines) {
    it(`${r.name}: the deepest allowed (${r.deepestAllowed}) transpiles, deeper is refused, the instance survives`, () => {
      assert.equal(r.threw, undefined, `the stack gave out or the core threw: ${r.threw}`);
      assert.equal(r.overLimitRefused, true, 'one level past the limit must be too-deep');
      assert.equal(r.hostileRefused, true, '100,000 levels must be too-deep');
      assert.equal(r.stillWorks, true);
      // At the limit the script is refused only for reasons other than depth, if at all.
      assert.ok(r.atLimitOk || !codes({ diagnostics: r.atLimitDiagnostics }).includes('too-deep'), JSON.stringify(r));
    });
  }
});

describe('source maps', () => {
  it('map generated positions back to the original line and UTF-16 column', async () => {
    const { SourceMap } = await import('node:module');
    const source = 'var a = 1;\nvar b\u00e9 = "\u{1F600}" + missingName;\n';
    const r = core.transpile(source);
    assert.equal(r.ok, true);
    const map = new SourceMap(JSON.parse(r.sourceMap));
    const column = r.code.indexOf('__paranoid_scope__.missingName') + '__paranoid_scope__.'.length;
    const entry = map.findEntry(0, column);
    // "missingName" starts on line 2 (index 1) at UTF-16 column 16: `var bé = "😀" + ` is 16
    // units (the emoji is two).
    assert.deepEqual([entry.originalLine, entry.originalColumn], [1, 16]);
    assert.deepEqual(JSON.parse(r.sourceMap).sources, ['script.js']);
  });
});

describe('results', () => {
  it('are plain data with stable codes and 1-based positions', () => {
    const r = core.vet("'use strict';\nwith (a) {}", 'es2023');
    assert.equal(r.ok, false);
    const d = r.diagnostics.find((x) => x.code === 'with-statement');
    assert.deepEqual([d.line, d.column], [2, 1]);
    assert.equal(typeof d.message, 'string');
  });

  it('an unknown level is an error of the caller, not a verdict', () => {
    assert.throws(() => core.vet('1', 'es3'));
  });

  it('the Function entry refuses text that closes the function early', () => {
    const r = core.transpileFunction(['a'], '}); globalThis.x = 1; (function () {', 'normal');
    assert.equal(r.ok, false);
    const ok = core.transpileFunction(['a', 'b'], 'return a + b', 'normal');
    assert.equal(ok.ok, true);
    // The body ends with its source-text mark: the assembled text's range 1..42.
    assert.match(ok.code, /^"use strict";__paranoid_rt__\.functionResult\(\(\)=>\(function anonymous\(a,b\s*\)\{return a\+b;?\/\*paranoid:f:[0-9a-f]{16}:1:42\*\/\}\)\);?$/);
  });
});

describe('an instance that failed mid-call', () => {
  it('is discarded, and the next call gets a fresh one that answers correctly', () => {
    // Exhaust the JS stack, then call the core from the frames just above the limit with a
    // script that makes the transpiler recurse: at some depths the engine's stack gives out
    // inside the wasm call. That must leave the instance dirty, so that the glue never reuses
    // one stopped halfway (allocator, borrow flags), and the next answer must be the right one.
    const glue = loadWasmCore();
    const source = `x = ${'('.repeat(150)}1${')'.repeat(150)};`;
    const good = glue.transpile(source).code;
    let calls = 0, failures = 0, failedInside = 0, deepest = 0;
    const call = () => {
      calls++;
      try { glue.transpile(source); } catch { failures++; if (glue.discarded) failedInside++; }
    };
    // One function both finds the depth and, at a chosen depth, calls the core.
    const go = (n, target) => { deepest = n; if (n < target) return go(n + 1, target); call(); return n; };
    try { go(0, 1e9); } catch { /* found the depth */ }
    let top = deepest;
    for (; top > 0; top -= 50) { const before = calls; try { go(0, top); } catch { /* too deep */ } if (calls > before) break; }
    for (let d = top + 50; d > top - 400; d--) {
      try { go(0, d); } catch { /* overflowed before the call */ }
      const again = glue.transpile(source);
      assert.equal(again.ok, true);
      assert.equal(again.code, good, `after a call at depth ${d} the answer changed`);
    }
    assert.ok(failures > 0, `none of ${calls} calls near the stack limit failed: the test missed the limit`);
    // (A call may also fail in the glue before it touches the instance, which needs no discarding.)
    assert.ok(failedInside > 0, `of ${failures} failed calls none failed inside the instance`);
  });
});
