// The escape and fidelity corpora, in the real extension, in headless Chromium and Firefox ESR,
// through `tests/harness/sandbox-run.mjs` (the same harness `cargo xtask sandbox-run` uses).
//
// Asserted: with every layer on, every escape probe is stopped (and every denial-of-service
// probe is `killed` with the host page responsive), and every fidelity case gives its expected
// result; with each layer alone (`--layers 1`, `2`, `3`; with layer 1 off the harness page
// starts the worker itself), every probe whose `applies` names that layer is stopped; and with
// every layer on in a sandbox that holds what a userscript given the page holds (the DOM library
// and a replica of the page it may read and change, `--replica`), every probe is stopped. The
// whole table (which probes each layer stops on its own) goes to target/layer-report/<browser>.md.
//
// The kernel review's pollution probes (tests/kernel-review/, one per built-in the kernel
// captures) are generated into target/kernel-review/probes/ and run with the corpus. Once both
// browsers ran, target/security/layers.md has every probe × {all layers, each layer alone} ×
// {Chromium, Firefox} with a line per gap saying why that layer cannot stop it
// (layer-gaps.mjs), and target/security/kernel-review.md what each pollution probe saw.
//
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX: the test builds (`cargo xtask extension`).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { POLLUTABLE, pollutionProbe } from '../kernel-review/pollution-probe.mjs';
import { gapReason } from './layer-gaps.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HARNESS = path.join(ROOT, 'tests', 'harness', 'sandbox-run.mjs');
const ESCAPES = path.join(ROOT, 'tests', 'escapes');
const FIDELITY = path.join(ROOT, 'tests', 'fidelity');
const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];

/** `// key: value` header lines of a corpus file. */
export function headers(text) {
  const out = {};
  const lines = text.split('\n');
  // A hashbang must be the first line of its file; headers follow it.
  if (lines[0].startsWith('#!')) lines.shift();
  for (const line of lines) {
    const m = /^\/\/ ([a-z-]+): (.*)$/.exec(line);
    if (m) out[m[1]] = m[2].trim();
    else if (line.trim() !== '' && !line.startsWith('//')) break;
  }
  return out;
}

/** Runs the harness; resolves with its JSON lines. */
function harness(browser, ext, args) {
  return new Promise((resolve, reject) => {
    execFile('node', [HARNESS, '--browser', browser, '--ext', ext, ...args], { maxBuffer: 64 << 20, timeout: 15 * 60_000 }, (error, stdout, stderr) => {
      if (error) { reject(new Error(`harness failed: ${error.message}\n${stderr}`)); return; }
      resolve(stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)));
    });
  });
}

const KERNEL_PROBES = path.join(ROOT, 'target', 'kernel-review', 'probes');
mkdirSync(KERNEL_PROBES, { recursive: true });
const kernelFiles = POLLUTABLE.map((row) => {
  const file = path.join(KERNEL_PROBES, `kernel-pollution-${row.key}.js`);
  writeFileSync(file, pollutionProbe(row));
  return file;
});
const probes = [...readdirSync(ESCAPES).filter((f) => f.endsWith('.js')).sort().map((f) => path.join(ESCAPES, f)), ...kernelFiles].map((file) => {
  return { name: path.basename(file), file, ...headers(readFileSync(file, 'utf8')) };
});
/** Per browser: the per-probe table and the all-layers results (for the combined reports). */
const reports = {};

/** How many probes of a per-probe table each configuration stopped, as the reports say it. */
function summary(report) {
  const count = (key) => report.filter((r) => r[key]).length;
  return `all layers ${count('all')}/${report.length}, with a page replica ${count('replica')}; alone: layer 1 ${count('layer1')}, layer 2 ${count('layer2')}, layer 3 ${count('layer3')}`;
}

/** Whether a run of `probe` was stopped. */
function stopped(probe, r) {
  if (probe.expect === 'killed') return r.status === 'killed' && r.host_responsive === true;
  const p = r.report && r.report.__probe;
  // A kernel-review probe counts only when it ran its checks to the end.
  if (probe.category === 'kernel-pollution') return !!p && p.escaped === false && !/did not finish|nothing checked/.test(p.detail) && r.server_hits === 0;
  return !(p && p.escaped === true) && r.server_hits === 0;
}

/**
 * Runs every probe with `layers`, each in a fresh sandbox; a probe that names a prelude
 * (`// prelude:`, from tests/) has it run first in that sandbox, with the same layers. One
 * result per probe, in the order of `probes`.
 */
async function runProbes(browser, ext, layers, { replica = false } = {}) {
  const results = [];
  const byPrelude = new Map();
  probes.forEach((p, i) => {
    const key = p.prelude || '';
    if (!byPrelude.has(key)) byPrelude.set(key, []);
    byPrelude.get(key).push(i);
  });
  for (const [prelude, indexes] of byPrelude) {
    const args = ['--layers', layers, '--report', '__probe', '--wait-ms', '3000'];
    if (prelude) args.push('--prelude', path.join(ROOT, 'tests', prelude));
    if (replica) args.push('--replica');
    const got = await harness(browser, ext, [...args, ...indexes.map((i) => probes[i].file)]);
    assert.equal(got.length, indexes.length, `one result per probe with layers ${layers}${prelude ? ` after ${prelude}` : ''}`);
    indexes.forEach((i, k) => { results[i] = got[k]; });
  }
  return results;
}

/** Fidelity cases: single files, or folders of scripts run in one sandbox. */
const cases = (() => {
  let entries = [];
  try { entries = readdirSync(FIDELITY).sort(); } catch { return []; }
  const out = [];
  for (const e of entries) {
    const full = path.join(FIDELITY, e);
    if (statSync(full).isDirectory()) {
      const files = readdirSync(full).filter((f) => f.endsWith('.js')).sort((a, b) => parseInt(a, 10) - parseInt(b, 10)).map((f) => path.join(full, f));
      out.push({ name: e, files, ...headers(readFileSync(files[files.length - 1], 'utf8')) });
    } else if (e.endsWith('.js')) {
      out.push({ name: e, files: [full], ...headers(readFileSync(full, 'utf8')) });
    }
  }
  return out;
})();

/** The expected `__result` of a case: its header's JSON, or the scripts run natively. */
function expected(c) {
  if (c.expect !== 'native') return JSON.parse(c.expect);
  const context = vm.createContext({});
  if (c.prelude) vm.runInContext(readFileSync(path.join(ROOT, 'tests', c.prelude), 'utf8'), context);
  for (const f of c.files) vm.runInContext(readFileSync(f, 'utf8'), context);
  return JSON.parse(JSON.stringify(context.__result));
}

for (const [browser, ext] of BROWSERS) {
  describe(`in ${browser}`, { skip: ext ? false : `PARANOID_EXT_${browser === 'chromium' ? 'CHROME' : 'FIREFOX'} is not set` }, () => {
    const byLayers = {};
    before(async () => {
      for (const layers of ['1,2,3', '1', '2', '3']) byLayers[layers] = await runProbes(browser, ext, layers);
      byLayers.replica = await runProbes(browser, ext, '1,2,3', { replica: true });
      const report = probes.map((p, i) => ({
        probe: p.name,
        category: p.category,
        applies: p.applies,
        all: stopped(p, byLayers['1,2,3'][i]),
        layer1: stopped(p, byLayers['1'][i]),
        layer2: stopped(p, byLayers['2'][i]),
        layer3: stopped(p, byLayers['3'][i]),
        replica: stopped(p, byLayers.replica[i]),
      }));
      const dir = path.join(ROOT, 'target', 'layer-report');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${browser}.json`), JSON.stringify(report, null, 1));
      const mark = (b) => (b ? 'stopped' : '**not stopped**');
      const rows = report.map((r) => `| ${r.probe} | ${r.category} | ${r.applies} | ${mark(r.all)} | ${mark(r.replica)} | ${mark(r.layer1)} | ${mark(r.layer2)} | ${mark(r.layer3)} |`);
      writeFileSync(path.join(dir, `${browser}.md`), [
        `# Escape probes by layer, ${browser}`, '',
        `Stopped: ${summary(report)}.`, '',
        '| probe | category | applies | all layers | all layers, page replica | layer 1 alone | layer 2 alone | layer 3 alone |',
        '|---|---|---|---|---|---|---|---|', ...rows, ''].join('\n'));
      reports[browser] = { report, all: byLayers['1,2,3'] };
      console.log(`${browser}: stopped with ${summary(report)}`);
    });

    it(`stops all ${probes.length} escape probes with every layer on`, () => {
      const results = byLayers['1,2,3'];
      const failures = probes.filter((p, i) => !stopped(p, results[i]))
        .map((p) => `${p.name}: ${JSON.stringify(results[probes.indexOf(p)]).slice(0, 400)}`);
      assert.deepEqual(failures, []);
    });

    it(`stops all ${probes.length} escape probes in a sandbox holding a page replica, as a userscript given the page`, () => {
      const results = byLayers.replica;
      const failures = probes.map((p, i) => [p, results[i]])
        // Its own frame moved or changed through the replica is a failure too, not a stop.
        .filter(([p, r]) => r.failed === 'paranoid:replica' || /the page (removed|moved|navigated|changed) the sandbox frame/.test(r.reason ?? '') || !stopped(p, r))
        .map(([p, r]) => `${p.name}: ${JSON.stringify(r).slice(0, 400)}`);
      assert.deepEqual(failures, []);
    });

    it('runs every prelude with every layer on, so that no probe passes by doing nothing', () => {
      const results = byLayers['1,2,3'];
      const failures = probes.map((p, i) => [p, results[i]])
        .filter(([p, r]) => p.prelude && r.failed === path.basename(p.prelude))
        .map(([p, r]) => `${p.name}: its prelude ${p.prelude} failed: ${JSON.stringify(r.error || r.diagnostics).slice(0, 300)}`);
      assert.deepEqual(failures, []);
    });

    it(`keeps the kernel working under each of the ${kernelFiles.length} kernel-review pollution probes, and never calls a trap`, () => {
      const results = byLayers['1,2,3'];
      const failures = probes.map((p, i) => [p, results[i]]).filter(([p, r]) => p.category === 'kernel-pollution'
        && !stopped(p, r))
        .map(([p, r]) => `${p.name}: ${JSON.stringify(r).slice(0, 400)}`);
      assert.deepEqual(failures, []);
    });

    it('kills every denial-of-service probe that layer 1 applies to, with layer 1 alone, the host staying responsive', () => {
      const results = byLayers['1'];
      const appliesTo1 = (p) => (p.applies || '').split(',').map((x) => x.trim()).includes('1');
      const failures = probes.filter((p, i) => p.expect === 'killed' && appliesTo1(p) && !stopped(p, results[i])).map((p) => p.name);
      assert.deepEqual(failures, []);
    });

    it('stops every probe with each layer alone that the probe says the layer applies to', () => {
      const failures = [];
      for (const [layer, key] of [['1', '1'], ['2', '2'], ['3', '3']]) {
        const results = byLayers[key];
        probes.forEach((p, i) => {
          const applies = (p.applies || '').split(',').map((x) => x.trim());
          if (applies.includes(layer) && !stopped(p, results[i])) failures.push(`layer ${layer} alone: ${p.name}: ${JSON.stringify(results[i]).slice(0, 300)}`);
        });
      }
      assert.deepEqual(failures, []);
    });

    it(`gives the expected result for the ${cases.length} fidelity cases`, async () => {
      // One browser per group: single files with the same prelude together, folders alone.
      const groups = new Map();
      for (const c of cases) {
        const key = c.files.length > 1 ? `folder:${c.name}` : `prelude:${c.prelude || ''}:level:${c.level || ''}`;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(c);
      }
      const failures = [];
      for (const [key, group] of groups) {
        const args = ['--wait-ms', '5000'];
        if (key.startsWith('folder:')) args.push('--shared');
        if (group[0].prelude) args.push('--prelude', path.join(ROOT, 'tests', group[0].prelude));
        if (group[0].level) args.push('--es', group[0].level);
        const files = key.startsWith('folder:') ? group[0].files : group.map((c) => c.files[0]);
        const results = await harness(browser, ext, [...args, ...files]);
        const perCase = key.startsWith('folder:') ? [results[0]] : results;
        group.forEach((c, i) => {
          const r = perCase[i];
          const want = expected(c);
          const got = r ? r.report.__result : undefined;
          try { assert.deepEqual(got, want); } catch {
            failures.push(`${c.name}: got ${JSON.stringify(got)} (${r && r.status}${r && r.error ? ` ${r.error.name}: ${r.error.message}` : ''}), want ${JSON.stringify(want)}`);
          }
        });
      }
      assert.deepEqual(failures, []);
    });
  });
}

after(() => {
  const browsers = Object.keys(reports);
  if (browsers.length === 0) return;
  const dir = path.join(ROOT, 'target', 'security');
  mkdirSync(dir, { recursive: true });
  const mark = (b) => (b ? 'stopped' : '**no**');
  const lines = ['# Escape probes, layer by layer', '',
    `Each probe of tests/escapes/ and of the kernel review (tests/kernel-review/) run with all layers (alone and in a sandbox holding a page replica, as a userscript given the page) and with each layer alone, in ${browsers.join(' and ')}. Written by tests/browser/corpus.test.mjs.`, ''];
  for (const b of browsers) lines.push(`- ${b}: ${summary(reports[b].report)}.`);
  lines.push('', `| probe | category | applies | ${browsers.map((b) => `${b}: all, replica, 1, 2, 3`).join(' | ')} |`, `|---|---|---|${browsers.map(() => '---|').join('')}`);
  probes.forEach((p, i) => {
    const cells = browsers.map((b) => { const x = reports[b].report[i]; return [x.all, x.replica, x.layer1, x.layer2, x.layer3].map(mark).join(', '); });
    lines.push(`| ${p.name} | ${p.category} | ${p.applies} | ${cells.join(' | ')} |`);
  });
  lines.push('', '## Gaps', '', 'A line per probe and layer that the layer alone does not stop, in any browser, and why.', '');
  probes.forEach((p, i) => {
    for (const layer of [1, 2, 3]) {
      const missedIn = browsers.filter((b) => !reports[b].report[i][`layer${layer}`]);
      if (missedIn.length > 0) lines.push(`- **${p.name}**, layer ${layer} alone (${missedIn.join(', ')}): ${gapReason(p, layer)}`);
    }
  });
  lines.push('');
  writeFileSync(path.join(dir, 'layers.md'), lines.join('\n'));

  const review = ['# Kernel review: what each pollution probe saw', '',
    'One probe per built-in of `captureCommons` (sandbox-page/kernel/commons.js) that untrusted code could replace; the table and its reasons are tests/kernel-review/commons-table.mjs. All layers on.', '',
    `| probe | ${browsers.join(' | ')} |`, `|---|${browsers.map(() => '---|').join('')}`];
  probes.forEach((p, i) => {
    if (p.category !== 'kernel-pollution') return;
    const cells = browsers.map((b) => {
      const x = reports[b].all[i];
      const probe = x.report && x.report.__probe;
      return probe ? `${probe.escaped ? '**escaped**' : 'stopped'}: ${String(probe.detail).replace(/\|/g, '/')}` : `no report (${x.status}${x.reason ? `: ${x.reason}` : ''})`;
    });
    review.push(`| ${p.name} | ${cells.join(' | ')} |`);
  });
  review.push('');
  writeFileSync(path.join(dir, 'kernel-review.md'), review.join('\n'));
});
