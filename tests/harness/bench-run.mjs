// The browser half of `cargo xtask bench`: loads the test build in a headless browser, serves
// the bench page (tests/bench/page/) with the workloads and the peers' npm packages, and prints
// one JSON object with every measurement. Times are taken by the host around each call; the
// workloads' checksums are compared with the native run's.
//
// usage: node bench-run.mjs --ext DIR --native FILE --wasm FILE --out DIR
//          [--browser chromium|firefox] [--quick]
// (FILE after --native: the transpile_throughput example's JSON.) Writes DIR/results.json and
// DIR/raw-<browser>.json, and prints the Markdown table.

import http from 'node:http';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from './sandbox-run.mjs';
import { summarize, markdown, insane } from './bench-report.mjs';
import { benchUserscript } from './bench-userscript.mjs';
import { benchPageScript } from './bench-page-script.mjs';
/* global window */ // in the functions run in the page by executeScript

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, '../..');
const PAGE = path.join(ROOT, 'tests/bench/page');
const MODULES = path.join(ROOT, 'tests/node_modules');
const WORKLOADS = path.join(ROOT, 'tests/bench/workloads');
const LIBRARIES = { lodash: 'lodash/lodash.js', jquery: 'jquery/dist/jquery.js', three: 'three/build/three.cjs', 'react-dom': 'react-dom/umd/react-dom.development.js' };
const RUNTIMES = ['native', 'paranoid', 'ses', 'sandboxjs', 'quickjs'];
const INTERPRETERS = new Set(['sandboxjs', 'quickjs']);
// A page call may take minutes (the peers' slowest workloads at full n).
const SCRIPT_TIMEOUT_MS = 30 * 60 * 1000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function serve() {
  const types = { '.js': 'text/javascript', '.cjs': 'text/javascript', '.html': 'text/html; charset=utf-8', '.wasm': 'application/wasm' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const [base, rel] = url.pathname.startsWith('/node_modules/') ? [MODULES, url.pathname.slice(14)] : [PAGE, url.pathname.slice(1) || 'bench.html'];
    const file = path.join(base, decodeURIComponent(rel));
    if (!file.startsWith(base + path.sep) || !existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}

async function waitFor(driver, script, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await driver.executeScript(script);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${script}`);
    await sleep(50);
  }
}

/** In the bench page: calls `paranoidBenchPage[fn](...args)` and returns its answer. */
async function inPage(driver, fn, ...args) {
  return driver.executeAsyncScript(function (name, list, done) {
    window.paranoidBenchPage[name](...list).then((r) => done({ ok: r }), (e) => done({ error: String(e && e.message || e) }));
  }, fn, args).then((r) => { if (r.error) throw new Error(`${fn}: ${r.error}`); return r.ok; });
}

/** Proportional set size (kB) of the browser's processes: shared pages counted once in all. */
function browserPssKb(browser) {
  const names = browser === 'chromium' ? /^chrom/ : /^(firefox|Web Content|Isolated|WebExtensions|Privileged|RDD|Socket|Utility|forkserver)/;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!names.test(readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) continue;
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch { /* gone meanwhile */ }
  }
  return total;
}

function workloadFiles(name) {
  const source = readFileSync(path.join(WORKLOADS, `${name}.js`), 'utf8');
  const files = [];
  const prelude = /^\/\/ prelude: (\S+)/m.exec(source);
  if (prelude) files.push({ name: `${prelude[1]}.js`, source: readFileSync(path.join(MODULES, LIBRARIES[prelude[1]]), 'utf8') });
  files.push({ name: `${name}.js`, source });
  return files;
}

async function main() {
  const args = process.argv.slice(2);
  const value = (flag, fallback) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : fallback; };
  const ext = path.resolve(value('--ext', ''));
  const browser = value('--browser', 'chromium');
  const quick = args.includes('--quick');
  const log = (text) => process.stderr.write(`bench: ${text}\n`);
  const { server, origin } = await serve();
  const driver = await launch(browser, ext);
  const out = { browser, quick };
  try {
    await driver.manage().setTimeouts({ script: SCRIPT_TIMEOUT_MS });
    // Cold start: a fresh page each time; the content script starts a sandbox at once.
    out.cold_start_ms = [];
    for (let i = 0; i < (quick ? 3 : 10); i++) {
      await driver.get(`${origin}/bench.html?paranoid-bench=cold&n=${i}`);
      const ms = await waitFor(driver, 'return document.documentElement.dataset.paranoidColdMs', 30000);
      if (String(ms).startsWith('failed')) throw new Error(`cold start ${ms}`);
      out.cold_start_ms.push(Number(ms));
    }
    log(`cold start ${out.cold_start_ms.map((x) => x.toFixed(0)).join(', ')} ms`);
    await driver.get(`${origin}/bench.html`);
    await waitFor(driver, 'return document.documentElement.dataset.paranoidTest === "ready" && document.documentElement.dataset.benchPage === "ready"', 30000);

    out.warm_start_ms = (await inPage(driver, 'paranoidBench', { what: 'start', count: quick ? 3 : 20, pauseMs: 1500 })).ms;
    log(`warm start ${out.warm_start_ms.map((x) => x.toFixed(0)).join(', ')} ms`);

    out.rtt = await inPage(driver, 'paranoidBench', { what: 'rtt', calls: quick ? 200 : 1000, batch: 20, payloads: [1024, 102400], payloadCalls: quick ? 10 : 50 });
    log('round trips measured');

    out.function = await inPage(driver, 'paranoidBench', { what: 'function', calls: quick ? 50 : 100, cachedCalls: quick ? 200 : 1000, repeat: quick ? 3 : 15 });
    log(`Function: fresh ${out.function.fresh_ms.map((x) => x.toFixed(3)).join(', ')} ms; cached ${out.function.cached_ms.map((x) => x.toFixed(4)).join(', ')} ms`);

    // Memory in Chromium only: Firefox keeps a page navigated away from, with its sandbox, for a
    // while, so the difference does not settle (measured: -13.8 and 2.2 MB).
    out.userscript = await benchUserscript(driver, browser, ext, { quick, log, pssKb: browser === 'chromium' ? () => browserPssKb(browser) : null });
    out.page_script = await benchPageScript(driver, { quick, log });
    // The install page and the popup set a script timeout of 10 s, which a peer's workload call
    // (SES on global-heavy: over 20 s) would overrun.
    await driver.manage().setTimeouts({ script: SCRIPT_TIMEOUT_MS });
    await driver.get(`${origin}/bench.html`);
    await waitFor(driver, 'return document.documentElement.dataset.paranoidTest === "ready" && document.documentElement.dataset.benchPage === "ready"', 30000);

    const libraries = quick ? ['lodash'] : Object.keys(LIBRARIES);
    const files = libraries.map((name) => ({ name, source: readFileSync(path.join(MODULES, LIBRARIES[name]), 'utf8') }));
    out.transpile_wasm = await inPage(driver, 'paranoidBench', { what: 'transpile', files, repeat: quick ? 1 : 3, again: quick ? 1 : 3 });
    log('transpile in the worker measured');

    out.host = [];
    for (let i = 0; i < (quick ? 2 : 5); i++) out.host.push(await inPage(driver, 'paranoidBench', { what: 'host', count: 10 }));
    log(`the page's main thread while 10 sandboxes start: longest task ${out.host.map((h) => h.longest_task_ms.toFixed(0)).join(', ')} ms; longest frame gap ${out.host.map((h) => h.longest_frame_gap_ms.toFixed(0)).join(', ')} ms`);

    // Workloads: n is calibrated so that the native run takes about TARGET_MS.
    const TARGET_MS = quick ? 5 : 150;
    const names = readdirSync(WORKLOADS).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort();
    out.workloads = {};
    for (const name of names) {
      const wfiles = workloadFiles(name);
      let n = 1, native;
      for (;;) {
        native = await inPage(driver, 'runWorkload', 'native', wfiles, n, 5);
        if (native.error) throw new Error(`${name} natively: ${native.error}`);
        if (Math.min(...native.ms) >= TARGET_MS || n >= 1 << 20) break;
        n *= Math.min(16, Math.max(2, Math.ceil(TARGET_MS / Math.max(0.05, Math.min(...native.ms)))));
      }
      // Paranoid against native in pairs, which gives the overhead and its spread (bench.js).
      const paired = await inPage(driver, 'runPaired', wfiles, n, quick ? 3 : 15);
      if (paired.error) throw new Error(`${name} in pairs: ${paired.error}`);
      const pairedRun = { ms: paired.paranoid_ms, base_ms: paired.native_ms, paired: true, n, checksum: paired.paranoid_checksum };
      if (JSON.stringify(paired.paranoid_checksum) !== JSON.stringify(paired.checksum)) pairedRun.error = `wrong result: ${JSON.stringify(paired.paranoid_checksum)}, native ${JSON.stringify(paired.checksum)}`;
      const entry = { n, runs: { native, paranoid: pairedRun } };
      // The interpreters (sandboxjs, QuickJS) take 10 to 2,000 times as long: they get a smaller
      // n, against a native run at that n (the workloads are linear in n), and fewer calls.
      const small = Math.max(1, Math.floor(n / (quick ? 8 : 32)));
      const nativeSmall = await inPage(driver, 'runWorkload', 'native', wfiles, small, 5);
      for (const runtime of RUNTIMES.filter((r) => r !== 'native' && r !== 'paranoid')) {
        const interpreter = INTERPRETERS.has(runtime);
        const base = interpreter ? nativeSmall : native;
        const r = await inPage(driver, 'runWorkload', runtime, wfiles, interpreter ? small : n, interpreter ? 2 : 5);
        r.n = interpreter ? small : n;
        r.base_ms = base.ms;
        if (!r.error && JSON.stringify(r.checksum) !== JSON.stringify(base.checksum)) r.error = `wrong result: ${JSON.stringify(r.checksum)}, native ${JSON.stringify(base.checksum)}`;
        entry.runs[runtime] = r;
      }
      out.workloads[name] = entry;
      log(`${name}: n=${n} ${RUNTIMES.map((r) => `${r} ${entry.runs[r].error ? 'error' : Math.min(...entry.runs[r].ms).toFixed(1)}`).join(', ')}`);
    }

    out.scale = {};
    for (const count of quick ? [1, 10] : [1, 10, 50]) {
      await sleep(1000);
      const before = browserPssKb(browser);
      const r = await inPage(driver, 'paranoidBench', { what: 'scale-open', count });
      await sleep(500);
      const after = browserPssKb(browser);
      await inPage(driver, 'paranoidBench', { what: 'scale-close' });
      out.scale[count] = { start_ms: r.ms, total_mb: (after - before) / 1024, failures: r.failures };
      log(`${count} sandboxes: ${r.ms.toFixed(0)} ms, ${((after - before) / 1024).toFixed(1)} MB, ${r.failures.length} failures`);
    }
  } finally {
    await driver.quit().catch(() => {});
    server.close();
  }
  const wasm = readFileSync(path.resolve(value('--wasm', '')));
  const cpu = (/^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8')) || [null, os.cpus()[0]?.model || 'unknown CPU'])[1];
  const facts = {
    wasmRawBytes: wasm.length,
    wasmGzipBytes: gzipSync(wasm, { level: 9 }).length,
    machine: `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
  };
  const summary = summarize(out, JSON.parse(readFileSync(path.resolve(value('--native', '')), 'utf8')), facts);
  const dir = path.resolve(value('--out', 'target/bench'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `raw-${browser}.json`), `${JSON.stringify(out, null, 1)}\n`);
  writeFileSync(path.join(dir, 'results.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`${markdown(summary)}\n\nresults: ${path.join(dir, 'results.json')}\n`);
  const problems = insane(summary);
  if (problems.length) {
    process.stderr.write(`bench: unusable figures:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
