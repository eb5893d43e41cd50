// Turns the bench's raw measurements into `target/bench/results.json` (keys stable across
// runs, see docs/BENCHMARKS.md) and a Markdown table, with each goal of docs/design.md
// ("Performance goals") marked met or missed. Ratios are against the native run in the same
// browser, in the same run.

export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
export const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
export const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
/** What a userscript's sandbox adds: the median with it less the median without, in MB. */
export const memoryAddedMb = (memory) => (median(memory.with) - median(memory.without)) / 1024;
const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Each pair's ratio, Paranoid's time over native's (a run measured in pairs). */
const pairRatios = (run) => run.ms.map((ms, i) => ms / run.base_ms[i]);

/**
 * A 95 % interval for the geometric mean of the per-workload medians of pair ratios: a
 * percentile bootstrap that resamples each workload's pairs (2,000 times, a fixed seed, so that
 * the same raw figures always give the same interval).
 * @param {number[][]} samples each workload's pair ratios
 */
export function bootstrapGeomeanCi(samples, rounds = 2000) {
  let seed = 0x2545f491;
  const random = () => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; return (seed >>> 0) / 2 ** 32; };
  const means = [];
  for (let b = 0; b < rounds; b++) {
    means.push(geomean(samples.map((xs) => median(xs.map(() => xs[Math.floor(random() * xs.length)])))));
  }
  return [percentile(means, 2.5), percentile(means, 97.5)];
}

/**
 * @param {object} raw bench-run's measurements
 * @param {{ [file: string]: { bytes: number, ms: number[] } }} native the transpile_throughput example's output
 * @param {{ wasmGzipBytes: number, wasmRawBytes: number, machine: string }} facts
 */
export function summarize(raw, native, facts) {
  const ratios = {};
  const runtimes = ['paranoid', 'ses', 'sandboxjs', 'quickjs'];
  for (const r of runtimes) ratios[r] = {};
  for (const [name, w] of Object.entries(raw.workloads)) {
    for (const r of runtimes) {
      const run = w.runs[r];
      if (run.error) ratios[r][name] = null;
      else if (run.paired) ratios[r][name] = median(pairRatios(run));
      else ratios[r][name] = median(run.ms) / median(run.base_ms ?? w.runs.native.ms);
    }
  }
  const paired = Object.values(raw.workloads).map((w) => w.runs.paranoid).filter((run) => run.paired && !run.error);
  const ci = paired.length ? bootstrapGeomeanCi(paired.map(pairRatios)).map((x) => round(x, 3)) : null;
  const mean = (r) => { const xs = Object.values(ratios[r]).filter((x) => x !== null); return xs.length ? round(geomean(xs), 3) : null; };
  const mbps = (bytes, ms) => bytes / 1e6 / (ms / 1e3);
  const transpileNative = {};
  const versusSwc = {};
  for (const [file, m] of Object.entries(native)) {
    transpileNative[libraryName(file)] = round(mbps(m.bytes, median(m.ms)), 1);
    if (m.swc_alone_ms?.length) versusSwc[libraryName(file)] = round(median(m.ms) / median(m.swc_alone_ms), 2);
  }
  const transpileWasm = {};
  const transpileSteady = {};
  for (const [lib, m] of Object.entries(raw.transpile_wasm)) {
    transpileWasm[lib] = round(mbps(m.bytes, median(m.ms)), 1);
    if (m.steady_ms?.length) transpileSteady[lib] = round(mbps(m.bytes, median(m.steady_ms)), 1);
  }
  const hostRuns = raw.host ?? [];
  const scale = {};
  for (const [count, s] of Object.entries(raw.scale)) scale[count] = { start_ms: round(s.start_ms, 1), total_mb: round(s.total_mb, 1), failures: s.failures.length };
  const throughput = {};
  for (const [bytes, t] of Object.entries(raw.rtt.throughput)) throughput[bytes] = round(mbps(Number(bytes) * t.calls, t.ms), 1);
  return {
    browser: raw.browser,
    machine: facts.machine,
    quick: raw.quick,
    overhead_geomean: mean('paranoid'),
    overhead_ci95: ci,
    overhead_pairs: paired.length ? Math.min(...paired.map((run) => run.ms.length)) : 0,
    peers: { ses: mean('ses'), sandboxjs: mean('sandboxjs'), quickjs: mean('quickjs') },
    overhead: ratios,
    cold_start_ms_median: round(median(raw.cold_start_ms), 1),
    cold_start_ms_p95: round(percentile(raw.cold_start_ms, 95), 1),
    warm_start_ms_median: round(median(raw.warm_start_ms), 1),
    warm_start_ms_p95: round(percentile(raw.warm_start_ms, 95), 1),
    function_ms_median: round(median(raw.function.fresh_ms), 3),
    function_ms_p95: round(percentile(raw.function.fresh_ms, 95), 3),
    function_cached_ms_median: round(median(raw.function.cached_ms), 4),
    userscript_first_effect_ms_median: round(median(raw.userscript['1000'].first_ms), 1),
    userscript_first_effect_ms_p95: round(percentile(raw.userscript['1000'].first_ms, 95), 1),
    userscript_first_effect_10k_ms_median: round(median(raw.userscript['10000'].first_ms), 1),
    userscript_first_effect_10k_ms_p95: round(percentile(raw.userscript['10000'].first_ms, 95), 1),
    userscript_first_effect_late_ms_median: raw.userscript['1000-late'] ? round(median(raw.userscript['1000-late'].first_ms), 1) : null,
    userscript_first_effect_late_ms_p95: raw.userscript['1000-late'] ? round(percentile(raw.userscript['1000-late'].first_ms, 95), 1) : null,
    userscript_late_blocking_ms: raw.userscript['1000-late']?.blocking_ms ?? null,
    userscript_1000_changes_ms_median: round(median(raw.userscript['1000'].done_ms), 1),
    // The first load transpiles in the sandbox, the second in the background; then the cache's.
    page_script_first_ms: raw.page_script ? round(raw.page_script.ms[0], 1) : null,
    page_script_cached_ms_median: raw.page_script ? round(median(raw.page_script.ms.slice(2)), 1) : null,
    page_script_cached_ms_p95: raw.page_script ? round(percentile(raw.page_script.ms.slice(2), 95), 1) : null,
    userscript_messages_per_1000_changes: raw.userscript['1000'].messages,
    userscript_memory_mb: Object.fromEntries(Object.entries(raw.userscript).filter(([, u]) => u.memory_kb?.with.length).map(([nodes, u]) => [nodes, round(memoryAddedMb(u.memory_kb), 1)])),
    // The median of batch means where measured (a coarse clock reads a single trip as 0 or 1 ms).
    rtt_ms_median: round(median(raw.rtt.batch_ms?.length ? raw.rtt.batch_ms : raw.rtt.ms), 3),
    rtt_ms_p99: round(percentile(raw.rtt.ms, 99), 3),
    rtt_throughput_mbps: throughput,
    transpile_wasm_mbps: transpileWasm,
    transpile_wasm_first_mbps: transpileWasm,
    transpile_wasm_steady_mbps: transpileSteady,
    host_longest_task_ms: hostRuns.length ? round(Math.max(...hostRuns.map((h) => h.longest_task_ms)), 1) : null,
    host_longest_task_ms_median: hostRuns.length ? round(median(hostRuns.map((h) => h.longest_task_ms)), 1) : null,
    host_longest_frame_gap_ms: hostRuns.length ? round(Math.max(...hostRuns.map((h) => h.longest_frame_gap_ms)), 1) : null,
    host_failures: hostRuns.reduce((n, h) => n + h.failures.length, 0),
    transpile_native_mbps: transpileNative,
    native_vs_swc_alone: versusSwc,
    wasm_gzip_bytes: facts.wasmGzipBytes,
    wasm_raw_bytes: facts.wasmRawBytes,
    scale,
    workload_n: Object.fromEntries(Object.entries(raw.workloads).map(([k, w]) => [k, w.n])),
    errors: Object.fromEntries(Object.entries(raw.workloads).flatMap(([k, w]) => runtimes.filter((r) => w.runs[r].error).map((r) => [`${k}/${r}`, w.runs[r].error]))),
  };
}

function libraryName(file) {
  for (const lib of ['lodash', 'jquery', 'three', 'react-dom']) if (file.includes(`/${lib}/`)) return lib;
  return file;
}

/** The performance goals (docs/design.md), each met or not. */
export function goals(s) {
  const peersBeaten = Object.values(s.peers).every((p) => p === null || s.overhead_geomean < p);
  const wasm = Object.values(s.transpile_wasm_mbps);
  const fifty = s.scale[50];
  return [
    ['run-time overhead geomean ≤ 1.05× native (95 % interval, in pairs)', s.overhead_geomean !== null && s.overhead_geomean <= 1.05, `${s.overhead_geomean}× (${s.overhead_ci95 ? `${s.overhead_ci95[0]}–${s.overhead_ci95[1]}` : 'no interval'}, ${s.overhead_pairs} pairs a workload)`],
    ['ahead of every peer', peersBeaten, Object.entries(s.peers).map(([k, v]) => `${k} ${v ?? 'n/a'}×`).join(', ')],
    ['warm start ≤ 10 ms', s.warm_start_ms_median <= 10, `${s.warm_start_ms_median} ms`],
    ['cold start ≤ 150 ms', s.cold_start_ms_median <= 150, `${s.cold_start_ms_median} ms`],
    ['round trip ≤ 0.2 ms median', s.rtt_ms_median <= 0.2, `${s.rtt_ms_median} ms`],
    ['a userscript\'s first change ≤ 50 ms after `DOMContentLoaded` (1,000 nodes, 87 KB `@require`, median)', s.userscript_first_effect_ms_median <= 50, `${s.userscript_first_effect_ms_median} ms (p95 ${s.userscript_first_effect_ms_p95}); 10,000 nodes ${s.userscript_first_effect_10k_ms_median} ms (p95 ${s.userscript_first_effect_10k_ms_p95}); 1,000 nodes, \`DOMContentLoaded\` held back ${s.userscript_late_blocking_ms} ms ${s.userscript_first_effect_late_ms_median ?? 'n/a'} ms (p95 ${s.userscript_first_effect_late_ms_p95 ?? 'n/a'})`],
    ['1,000 changes in ≤ 5 messages', s.userscript_messages_per_1000_changes !== null && s.userscript_messages_per_1000_changes <= 5, `${s.userscript_messages_per_1000_changes} messages`],
    ['`Function` ≤ 0.3 ms median per call (a text new to the sandbox)', s.function_ms_median <= 0.3, `${s.function_ms_median} ms (p95 ${s.function_ms_p95})`],
    ['`Function` ≤ 0.03 ms median per call (a text compiled before)', s.function_cached_ms_median <= 0.03, `${s.function_cached_ms_median} ms`],
    ['transpile ≥ 20 MB/s in wasm, first run', wasm.length > 0 && wasm.every((x) => x >= 20), Object.entries(s.transpile_wasm_first_mbps).map(([k, v]) => `${k} ${v}`).join(', ')],
    ['no task on the page\'s main thread over 16 ms while 10 sandboxes start and run', s.host_longest_task_ms === null ? null : s.host_longest_task_ms <= 16, s.host_longest_task_ms === null ? 'not run' : `longest ${s.host_longest_task_ms} ms (median of runs ${s.host_longest_task_ms_median}); longest frame gap ${s.host_longest_frame_gap_ms} ms${s.host_failures ? `; ${s.host_failures} failures` : ''}`],
    ['native transpile ≤ 1.3× swc alone (wall clock, in pairs)', Object.keys(s.native_vs_swc_alone).length ? Object.values(s.native_vs_swc_alone).every((x) => x <= 1.3) : null, Object.entries(s.native_vs_swc_alone).map(([k, v]) => `${k} ${v}×`).join(', ') || 'not measured'],
    ['wasm ≤ 700 KB gzipped', s.wasm_gzip_bytes <= 700 * 1024, `${(s.wasm_gzip_bytes / 1024).toFixed(0)} KB`],
    ['50 sandboxes in one tab without a failure', fifty ? fifty.failures === 0 : null, fifty ? `${fifty.failures} failures, ${fifty.start_ms} ms, ${fifty.total_mb} MB` : 'not run (--quick)'],
  ];
}

/** The Markdown the bench prints (and docs/BENCHMARKS.md keeps). */
export function markdown(s) {
  const lines = [];
  lines.push(`Browser: ${s.browser}. Machine: ${s.machine}.${s.quick ? ' Quick run (sanity only).' : ''}`, '');
  lines.push('| goal | met | measured |', '|---|---|---|');
  for (const [goal, met, measured] of goals(s)) lines.push(`| ${goal} | ${met === null ? 'n/a' : met ? 'yes' : '**no**'} | ${measured} |`);
  lines.push('', '| workload (ratio to native) | Paranoid | SES | sandboxjs | QuickJS |', '|---|---|---|---|---|');
  const cell = (x) => (x === null ? 'error' : `${x.toFixed(2)}×`);
  for (const name of Object.keys(s.overhead.paranoid)) {
    lines.push(`| ${name} (n=${s.workload_n[name]}) | ${cell(s.overhead.paranoid[name])} | ${cell(s.overhead.ses[name])} | ${cell(s.overhead.sandboxjs[name])} | ${cell(s.overhead.quickjs[name])} |`);
  }
  lines.push(`| **geomean** | **${s.overhead_geomean}×** | ${s.peers.ses ?? 'n/a'}× | ${s.peers.sandboxjs ?? 'n/a'}× | ${s.peers.quickjs ?? 'n/a'}× |`);
  lines.push('', '| measurement | value |', '|---|---|');
  lines.push(`| cold start (content script → first result), median / p95 | ${s.cold_start_ms_median} / ${s.cold_start_ms_p95} ms |`);
  lines.push(`| warm start (another sandbox on the page), median / p95 | ${s.warm_start_ms_median} / ${s.warm_start_ms_p95} ms |`);
  lines.push(`| a userscript's first change after \`DOMContentLoaded\`, 1,000 / 10,000 nodes, median (p95) | ${s.userscript_first_effect_ms_median} (${s.userscript_first_effect_ms_p95}) / ${s.userscript_first_effect_10k_ms_median} (${s.userscript_first_effect_10k_ms_p95}) ms |`);
  if (s.userscript_first_effect_late_ms_median !== null) lines.push(`| the same, 1,000 nodes, on a page whose \`DOMContentLoaded\` a blocking script holds back ${s.userscript_late_blocking_ms} ms, median (p95) | ${s.userscript_first_effect_late_ms_median} (${s.userscript_first_effect_late_ms_p95}) ms |`);
  lines.push(`| its 1,000 changes on the page, after \`DOMContentLoaded\`, median; messages for them | ${s.userscript_1000_changes_ms_median} ms; ${s.userscript_messages_per_1000_changes} |`);
  if (s.page_script_first_ms !== null) lines.push(`| a page script of 540 KB (lodash, \`src\`), \`DOMContentLoaded\` to its run's end: first load; from the third, built by the session's cache, median (p95) | ${s.page_script_first_ms} ms; ${s.page_script_cached_ms_median} (${s.page_script_cached_ms_p95}) ms |`);
  const memory = s.userscript_memory_mb ?? {};
  if (memory['1000'] !== undefined && memory['10000'] !== undefined) lines.push(`| memory the script's sandbox adds, replica included, 1,000 / 10,000 nodes (all browser processes' PSS, median of pairs) | ${memory['1000']} / ${memory['10000']} MB |`);
  lines.push(`| message round trip, median / p99 | ${s.rtt_ms_median} / ${s.rtt_ms_p99} ms |`);
  lines.push(`| \`Function\` call, new text: median / p95; a text compiled before: median | ${s.function_ms_median} / ${s.function_ms_p95} ms; ${s.function_cached_ms_median} ms |`);
  for (const [bytes, v] of Object.entries(s.rtt_throughput_mbps)) lines.push(`| round trips of ${Number(bytes) / 1024} KB | ${v} MB/s |`);
  for (const lib of Object.keys(s.transpile_native_mbps)) lines.push(`| transpile ${lib}, native / wasm in the worker, first run / steady | ${s.transpile_native_mbps[lib]} / ${s.transpile_wasm_first_mbps[lib] ?? '–'} / ${s.transpile_wasm_steady_mbps[lib] ?? '–'} MB/s |`);
  lines.push(`| wasm core, raw / gzip -9 | ${(s.wasm_raw_bytes / 1024).toFixed(0)} / ${(s.wasm_gzip_bytes / 1024).toFixed(0)} KB |`);
  for (const [count, v] of Object.entries(s.scale)) lines.push(`| ${count} sandboxes at once: start-up, memory added | ${v.start_ms} ms, ${v.total_mb} MB${v.failures ? `, ${v.failures} failures` : ''} |`);
  if (Object.keys(s.errors).length) {
    lines.push('', 'Errors (a peer that cannot run a workload, or gives another result):');
    for (const [k, v] of Object.entries(s.errors)) lines.push(`- ${k}: ${v}`);
  }
  return lines.join('\n');
}

/** What makes a run's figures unusable: a measurement that did not run or gave no number. */
export function insane(s) {
  const problems = [];
  const positive = (what, x) => { if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) problems.push(`${what} is ${x}`); };
  positive('overhead_geomean', s.overhead_geomean);
  positive('cold_start_ms_median', s.cold_start_ms_median);
  positive('warm_start_ms_median', s.warm_start_ms_median);
  positive('rtt_ms_median', s.rtt_ms_median);
  positive('rtt_ms_p99', s.rtt_ms_p99);
  positive('function_ms_median', s.function_ms_median);
  positive('userscript_first_effect_ms_median', s.userscript_first_effect_ms_median);
  positive('userscript_messages_per_1000_changes', s.userscript_messages_per_1000_changes);
  positive('page_script_cached_ms_median', s.page_script_cached_ms_median);
  // A cached call costs microseconds: the run-to-run noise of the loop around it may make it
  // read zero or just below, but never more than a fraction of a millisecond below.
  if (!(Number.isFinite(s.function_cached_ms_median) && s.function_cached_ms_median > -0.01)) problems.push(`function_cached_ms_median is ${s.function_cached_ms_median}`);
  positive('wasm_gzip_bytes', s.wasm_gzip_bytes);
  for (const [k, v] of Object.entries(s.rtt_throughput_mbps)) positive(`rtt_throughput_mbps.${k}`, v);
  for (const [k, v] of Object.entries(s.transpile_wasm_mbps)) positive(`transpile_wasm_mbps.${k}`, v);
  for (const [k, v] of Object.entries(s.transpile_native_mbps)) positive(`transpile_native_mbps.${k}`, v);
  for (const [k, v] of Object.entries(s.native_vs_swc_alone)) positive(`native_vs_swc_alone.${k}`, v);
  if (Object.keys(s.native_vs_swc_alone).length === 0) problems.push('no native_vs_swc_alone figure');
  if (!(Array.isArray(s.overhead_ci95) && s.overhead_ci95.every((x) => Number.isFinite(x) && x > 0) && s.overhead_ci95[0] <= s.overhead_ci95[1])) problems.push(`overhead_ci95 is ${JSON.stringify(s.overhead_ci95)}`);
  if (Object.keys(s.transpile_wasm_mbps).length === 0) problems.push('no transpile figure from the worker');
  for (const [k, v] of Object.entries(s.overhead.paranoid)) if (v === null) problems.push(`Paranoid failed the ${k} workload: ${s.errors[`${k}/paranoid`]}`);
  for (const [k, v] of Object.entries(s.scale)) { positive(`scale.${k}.start_ms`, v.start_ms); if (v.failures) problems.push(`${v.failures} of ${k} sandboxes failed`); }
  for (const [k, v] of Object.entries(s.peers)) if (v !== null) positive(`peers.${k}`, v);
  return problems;
}
