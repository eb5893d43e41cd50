// Runs a sample of test262 (tc39/test262, a checkout of your own: it is in no registry CI can
// reach) in sandboxes of the test build, through the real path (content script → frame →
// worker), in headless Chromium or Firefox ESR, and sorts every result by cause.
//
// usage: node tools/test262/run.mjs --suite DIR --ext DIR [--browser chromium|firefox]
//          [--sample N] [--seed S] [--cpu-ms N] [--es LEVEL] [--out FILE] [PATH-FILTER...]
//
// Which tests: those under test/language and test/built-ins that can run as strict classic
// scripts in a worker (test262's INTERPRETING.md: a test without `noStrict` or `raw` must pass
// in strict mode too): no `module`, `raw`, `noStrict` or `CanBlockIsTrue` flag, no `$262` host
// hook (realms, agents, `evalScript`, `detachArrayBuffer`), nothing of annexB or intl402. A
// sample is N of them chosen by a fixed seed (the same N and seed give the same tests); a
// PATH-FILTER keeps only paths containing it.
//
// How a test is judged: its `includes` (always assert.js and sta.js; doneprintHandle.js for
// `async`) and the test run as one shared sandbox's scripts. A positive test passes when every
// script ran without an uncaught error (an `async` one when it printed
// `Test262:AsyncTestComplete`). A negative test of phase `parse` or `early` passes when the
// sandbox refused it (the transpiler's diagnostic) or the engine threw its SyntaxError at load;
// one of phase `runtime` when the error thrown has the expected name.
//
// Each test runs natively first (a worker of the test build with every layer off: nothing
// scrubbed, nothing transpiled, no frame), and only one that passes there is run in a sandbox
// with every layer on: the figure is the share of those that pass in the sandbox too.
//
// Output: one JSON line per test in FILE (default target/test262/<browser>.jsonl), and on
// standard output the totals (also without the tests whose own code calls `eval` directly,
// which the sandbox refuses by design) and the sandbox's failures by cause.

import { readFileSync, readdirSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch, startServer, openPage, request } from '../../tests/harness/sandbox-run.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const valued = new Set(['--suite', '--ext', '--browser', '--sample', '--seed', '--cpu-ms', '--es', '--out']);
const filters = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1]));
const suite = flag('--suite', null);
const ext = flag('--ext', null);
if (!suite || !ext) {
  process.stderr.write('usage: node tools/test262/run.mjs --suite DIR --ext DIR [--browser chromium|firefox] [--sample N] [--seed S] [--cpu-ms N] [--es LEVEL] [--out FILE] [PATH-FILTER...]\n');
  process.exit(2);
}
const browser = flag('--browser', 'chromium');
const sample = Number(flag('--sample', '0'));
const seed = Number(flag('--seed', '262'));
const cpuMs = Number(flag('--cpu-ms', '1000'));
// The syntax level: the newest by default, since test262 tests what the engines ship.
const level = flag('--es', 'es2026');
const out = flag('--out', path.join('target', 'test262', `${browser}.jsonl`));

/** Every test file under `dir`, sorted, as paths relative to the suite. */
function listTests(dir) {
  const found = [];
  const walk = (d) => {
    for (const e of readdirSync(path.join(suite, d)).sort()) {
      const rel = path.join(d, e);
      if (statSync(path.join(suite, rel)).isDirectory()) { if (e !== 'annexB' && e !== 'intl402') walk(rel); } else if (e.endsWith('.js') && !e.includes('_FIXTURE')) found.push(rel);
    }
  };
  walk(dir);
  return found;
}

/** The frontmatter's fields this runner reads. */
function meta(source) {
  const m = /\/\*---([\s\S]*?)---\*\//.exec(source);
  const text = m ? m[1] : '';
  const list = (key) => {
    const inline = new RegExp(`^${key}:\\s*\\[(.*)\\]`, 'm').exec(text);
    if (inline) return inline[1].split(',').map((s) => s.trim()).filter(Boolean);
    const block = new RegExp(`^${key}:\\s*\\n((?:\\s+-.*\\n?)*)`, 'm').exec(text);
    return block ? block[1].split('\n').map((l) => l.replace(/^\s*-\s*/, '').trim()).filter(Boolean) : [];
  };
  const negative = /^negative:\s*\n\s+phase:\s*(\w+)\s*\n\s+type:\s*(\w+)/m.exec(text);
  return { includes: list('includes'), flags: list('flags'), features: list('features'), negative: negative ? { phase: negative[1], type: negative[2] } : null };
}

/** Whether a test can run as a strict classic script in a worker without host hooks. */
function runnable(source, m) {
  if (m.flags.some((f) => ['module', 'raw', 'noStrict', 'CanBlockIsTrue'].includes(f))) return false;
  if (m.includes.includes('detachArrayBuffer.js')) return false;
  return !/\$262\./.test(source.replace(/\/\*---[\s\S]*?---\*\//, ''));
}

/**
 * Whether a test's own code calls `eval` directly (`eval(…)`, not `(0, eval)(…)` or `x.eval(…)`):
 * the sandbox refuses that by design (THREAT_MODEL.md), so the totals are also given without
 * such tests. Read from the source, frontmatter and comments aside, before anything runs.
 */
function callsEvalDirectly(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
  return /(^|[^.\w$])eval\s*\(/.test(code);
}

/** A seeded shuffle (mulberry32), so that a sample is the same from run to run. */
function shuffled(items, s) {
  let a = s >>> 0;
  const random = () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [copy[i], copy[j]] = [copy[j], copy[i]]; }
  return copy;
}

const harness = (name) => ({ name, source: readFileSync(path.join(suite, 'harness', name), 'utf8') });
const PRINT = { name: 'print.js', source: 'var __t262 = null; function print(message) { __t262 = String(message); }' };

/** The judgement of one sandbox result. */
function judge(m, result) {
  const report = result.report?.__t262 ?? null;
  const error = result.error ? `${result.error.name}: ${result.error.message}` : null;
  if (m.negative) {
    const { phase, type } = m.negative;
    if (phase === 'parse' || phase === 'early') {
      if (result.status === 'rejected') return { pass: true };
      if (result.status === 'error' && result.error?.name === type) return { pass: true };
      return { pass: false, cause: result.status === 'ok' ? `ran, where the engine refuses it at ${phase} (${type})` : `${result.status}: ${error ?? result.reason}` };
    }
    if (result.status === 'error' && result.error?.name === type) return { pass: true };
    return { pass: false, cause: `expected ${type} at run time, got ${result.status}${error ? `: ${error}` : ''}` };
  }
  if (result.status === 'rejected') return { pass: false, cause: `refused: ${(result.diagnostics ?? []).map((d) => `${d.code}: ${d.message}`).join('; ').slice(0, 200)}` };
  if (result.status !== 'ok') return { pass: false, cause: `${result.status}: ${(error ?? result.reason ?? '').slice(0, 200)}` };
  if (m.flags.includes('async') && report !== 'Test262:AsyncTestComplete') return { pass: false, cause: `async: ${report ?? 'no $DONE'}` };
  return { pass: true };
}

async function main() {
  let tests = [...listTests('test/language'), ...listTests('test/built-ins')];
  if (filters.length) tests = tests.filter((t) => filters.some((f) => t.includes(f)));
  const chosen = [];
  for (const t of shuffled(tests, seed)) {
    const source = readFileSync(path.join(suite, t), 'utf8');
    const m = meta(source);
    if (!runnable(source, m)) continue;
    chosen.push({ t, source, m });
    if (sample > 0 && chosen.length >= sample) break;
  }
  const { server, origin } = await startServer(path.resolve(ext));
  const driver = await launch(browser, path.resolve(ext));
  mkdirSync(path.dirname(out), { recursive: true });
  const lines = [];
  const causes = new Map();
  let passed = 0;
  let native = 0;
  // Of those, the tests that call eval directly.
  let nativeDirect = 0;
  let passedDirect = 0;
  let id = 1;
  /** Runs one test: `isolated` in a sandbox with every layer on, else natively (every layer off). */
  const run = async (m, t, source, isolated) => {
    const includes = ['assert.js', 'sta.js', ...(m.flags.includes('async') ? ['doneprintHandle.js'] : []), ...m.includes];
    const files = [PRINT, ...[...new Set(includes)].map(harness), { name: path.basename(t), source }];
    const layers = isolated ? null : { isolation: false, scrub: false, transpile: false };
    try {
      const [result] = await request(driver, { id: id++, files, shared: true, cpuMs, waitMs: m.flags.includes('async') ? 3000 : 500, layers, reports: ['__t262'], level }, 120000, isolated);
      return result;
    } catch (error) {
      await openPage(driver, origin, isolated);
      return { status: 'harness-error', reason: String(error.message).slice(0, 200) };
    }
  };
  try {
    // Natively first (a worker with no layer: nothing scrubbed or transpiled, no frame), then in
    // the sandbox; only a test that passes natively counts.
    await openPage(driver, origin, false);
    const nativeResults = [];
    for (const { t, source, m } of chosen) nativeResults.push(judge(m, await run(m, t, source, false)));
    await openPage(driver, origin, true);
    for (const [k, { t, source, m }] of chosen.entries()) {
      if (!nativeResults[k].pass) {
        lines.push(JSON.stringify({ test: t, native: false, nativeCause: nativeResults[k].cause, features: m.features }));
        continue;
      }
      native++;
      const direct = callsEvalDirectly(source);
      if (direct) nativeDirect++;
      const verdict = judge(m, await run(m, t, source, true));
      if (verdict.pass) { passed++; if (direct) passedDirect++; }
      else {
        const key = verdict.cause.replace(/\d+(\.\d+)? ms/g, 'N ms').slice(0, 120);
        causes.set(key, [...(causes.get(key) ?? []), t]);
      }
      lines.push(JSON.stringify({ test: t, native: true, pass: verdict.pass, cause: verdict.cause ?? null, directEval: direct, features: m.features }));
    }
  } finally {
    await driver.quit().catch(() => {});
    server.close();
    writeFileSync(out, `${lines.join('\n')}\n`);
  }
  process.stdout.write(`test262 in ${browser}: ${chosen.length} tests, ${native} pass natively; of those ${passed} pass in the sandbox (${(100 * passed / Math.max(1, native)).toFixed(1)} %), seed ${seed}${filters.length ? `, filter ${filters.join(' ')}` : ''}\n`);
  const without = native - nativeDirect;
  const passedWithout = passed - passedDirect;
  process.stdout.write(`without the ${nativeDirect} that call eval directly: ${passedWithout} of ${without} (${(100 * passedWithout / Math.max(1, without)).toFixed(1)} %)\n`);
  for (const [cause, list] of [...causes].sort((a, b) => b[1].length - a[1].length)) {
    process.stdout.write(`${String(list.length).padStart(5)}  ${cause}\n         e.g. ${list.slice(0, 3).join(', ')}\n`);
  }
}

await main();
