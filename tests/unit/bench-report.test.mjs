'use strict';
// The bench's arithmetic (tests/harness/bench-report.mjs): the overhead's interval from pairs,
// and the ratio to swc alone. The figures themselves are never asserted (docs/BENCHMARKS.md);
// what is checked is that the same raw numbers always give the same, sound summary.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapGeomeanCi, geomean, median, summarize } from '../harness/bench-report.mjs';

describe('the bench\'s overhead interval', () => {
  it('holds the point figure, is the same on every call, and is empty for pairs that agree', () => {
    const samples = [[1.02, 1.1, 0.97, 1.05, 1.2, 1.01, 0.99], [1.5, 1.3, 1.45, 1.6, 1.38]];
    const [lo, hi] = bootstrapGeomeanCi(samples);
    const point = geomean(samples.map(median));
    assert.ok(lo <= point && point <= hi, `${lo} ≤ ${point} ≤ ${hi}`);
    assert.deepEqual(bootstrapGeomeanCi(samples), [lo, hi]);
    assert.deepEqual(bootstrapGeomeanCi([[1.25, 1.25, 1.25], [0.8, 0.8]]), [geomean([1.25, 0.8]), geomean([1.25, 0.8])]);
  });

  it('widens with the spread of the pairs', () => {
    const tight = bootstrapGeomeanCi([[1.09, 1.1, 1.11, 1.1, 1.1, 1.12, 1.08]]);
    const loose = bootstrapGeomeanCi([[0.7, 1.1, 1.6, 1.1, 0.9, 1.4, 1.0]]);
    assert.ok(loose[1] - loose[0] > 5 * (tight[1] - tight[0]), `${loose} against ${tight}`);
  });
});

describe('the bench\'s summary', () => {
  const raw = {
    browser: 'chromium', quick: true,
    workloads: {
      a: { n: 8, runs: { native: { ms: [10, 10] }, paranoid: { paired: true, ms: [11, 24, 12], base_ms: [10, 20, 10] }, ses: { ms: [20], base_ms: [10] }, sandboxjs: { error: 'x' }, quickjs: { ms: [100], base_ms: [10] } } },
      b: { n: 8, runs: { native: { ms: [5] }, paranoid: { paired: true, ms: [5, 6, 5.5], base_ms: [5, 5, 5] }, ses: { ms: [10], base_ms: [5] }, sandboxjs: { error: 'x' }, quickjs: { ms: [50], base_ms: [5] } } },
    },
    cold_start_ms: [1], warm_start_ms: [1], function: { fresh_ms: [1], cached_ms: [0.01] },
    userscript: { 1000: { first_ms: [1], done_ms: [1], messages: 1 }, 10000: { first_ms: [1], done_ms: [1], messages: 1 } },
    rtt: { ms: [1], throughput: {} }, transpile_wasm: {}, host: [], scale: {},
  };
  const native = { '/m/lodash/lodash.js': { bytes: 1e6, ms: [100, 120, 110], swc_alone_ms: [50, 40, 55] } };

  it('takes each workload\'s overhead as the median of its pairs\' ratios, with its interval', () => {
    const s = summarize(raw, native, { wasmGzipBytes: 1, wasmRawBytes: 1, machine: 'm' });
    assert.equal(s.overhead.paranoid.a, 1.2, 'ratios 1.1, 1.2, 1.2');
    assert.equal(s.overhead.paranoid.b, 1.1, 'ratios 1, 1.2, 1.1');
    assert.equal(s.overhead_geomean, Math.round(geomean([1.2, 1.1]) * 1000) / 1000);
    assert.equal(s.overhead_pairs, 3);
    assert.ok(s.overhead_ci95[0] <= s.overhead_geomean && s.overhead_geomean <= s.overhead_ci95[1], JSON.stringify(s.overhead_ci95));
    assert.equal(s.peers.ses, 2, 'the peers keep their own native runs');
  });

  it('gives the native transpile over swc alone as a ratio of medians', () => {
    const s = summarize(raw, native, { wasmGzipBytes: 1, wasmRawBytes: 1, machine: 'm' });
    assert.deepEqual(s.native_vs_swc_alone, { lodash: 2.2 });
  });
});
