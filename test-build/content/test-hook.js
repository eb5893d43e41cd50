'use strict';
// Test builds only (never shipped): lets `cargo xtask sandbox-run` drive sandboxes from the
// test page through the real path (content script → frame → worker). The page sends a
// `paranoid-test:run` event whose detail is a JSON request; the answer comes back as a
// `paranoid-test:result` event whose detail is JSON. Strings only cross the world boundary.

/* global openSandbox, paranoidExtension, paranoidTestBench, paranoidOpenReplica */
/* exported paranoidTestRun */

/**
 * Runs `files` in fresh sandboxes (or one shared sandbox) and collects what the harness prints.
 * @param {object} request what `tests/harness/sandbox-run.mjs` sends
 * @param {(options: object) => Promise<object>} open how to open a sandbox: the extension's
 *   frame (`openSandbox`), or, with layer 1 switched off, the harness page's own worker
 */
async function paranoidTestRun(request, open = openSandbox) {
  const reports = request.reports && request.reports.length ? request.reports : ['__result'];
  const waitMs = typeof request.waitMs === 'number' ? request.waitMs : 5000;
  const groups = request.shared ? [request.files] : request.files.map((f) => [f]);
  // Without the watchdog (layer 1 off) a spinning sandbox never answers: every wait is bounded.
  const within = (promise, fallback) => Promise.race([
    promise,
    new Promise((resolve) => setTimeout(() => resolve(fallback), waitMs)),
  ]);
  const results = [];
  for (const files of groups) {
    results.push(await runGroup(files));
  }
  return results;

  async function runGroup(files) {
    const started = performance.now();
    let lastTick = started, maxGap = 0;
    const ticker = setInterval(() => {
      const t = performance.now();
      maxGap = Math.max(maxGap, t - lastTick);
      lastTick = t;
    }, 10);
    const out = { file: files[files.length - 1].name, status: 'ok', report: {}, diagnostics: [], cpu_ms: 0, host_responsive: true };
    const events = [];
    let sandbox = null;
    let replica = null;
    try {
      sandbox = await open({
        cpuMs: request.cpuMs, level: typeof request.level === 'string' ? request.level : undefined, layers: request.layers, onEvent: (e) => events.push(e),
        // `replica`: as a userscript given the page, with the channel its replica needs; only
        // the page's changes are applied here (the real content script's other answers are
        // the userscript tests' to check).
        ...(request.replica ? { capabilities: { messages: true }, onMessage: (data) => { if (data !== null && typeof data === 'object' && data.dom === 'ops') replica?.apply(data.ops); } } : {}),
      });
      if (request.replica) {
        replica = await openReplica(sandbox);
        if (replica === null) { out.failed = 'paranoid:replica'; throw new Error('the page replica did not start'); }
      }
      for (const file of files) {
        const r = await within(sandbox.run(file.source, file.name), { status: 'error', reason: `no answer within ${waitMs} ms` });
        // As in a page, a script that fails does not stop the later ones of a shared sandbox;
        // the first failure is what the line reports.
        const first = out.status === 'ok';
        if (r.status === 'killed') { out.status = 'killed'; out.reason = r.reason; break; }
        if (r.status === 'rejected' && first) { out.status = 'rejected'; out.diagnostics = r.diagnostics || []; out.failed = file.name; }
        if (r.status === 'error' && first) { out.status = 'error'; if (r.error) out.error = r.error; if (r.reason) out.reason = r.reason; out.failed = file.name; }
        if (r.reason && r.reason.startsWith('no answer')) break;
      }
      if (out.status !== 'killed') {
        const quiet = await within(sandbox.whenQuiet(), { status: 'waited' });
        if (quiet.status === 'killed') { out.status = 'killed'; out.reason = quiet.reason; }
        out.quiet = quiet.status === 'quiet';
      }
      if (sandbox.death === null) {
        const rep = await within(sandbox.report(reports), { status: 'unanswered' });
        if (rep.status === 'killed') { out.status = 'killed'; out.reason = rep.reason; }
        for (const name of reports) {
          const text = rep.values ? rep.values[name] : null;
          out.report[name] = typeof text === 'string' ? JSON.parse(text) : null;
        }
      } else {
        // Killed by the watchdog, or lost (the page removed the frame, the frame failed).
        out.status = sandbox.death.status;
        out.reason = sandbox.death.reason;
      }
    } catch (error) {
      out.status = out.status === 'ok' ? 'error' : out.status;
      out.error = out.error || { name: 'HarnessError', message: String(error && error.message || error) };
    } finally {
      clearInterval(ticker);
    }
    const uncaught = events.filter((e) => e.type === 'uncaught');
    if (uncaught.length && out.status === 'ok') { out.status = 'error'; out.error = uncaught[0].error; }
    out.console = events.filter((e) => e.type === 'console').map((e) => `${e.level}: ${e.text}`);
    for (const e of events) if (e.type === 'quiet' || e.type === 'killed') out.cpu_ms = Math.round(e.cpuMs * 100) / 100;
    out.host_responsive = maxGap < 250;
    out.host_max_gap_ms = Math.round(maxGap);
    replica?.stop();
    if (sandbox !== null && sandbox.death === null) sandbox.kill('the run is over');
    return out;
  }

  /**
   * The DOM library and the replica of the test page in `sandbox`, as the content script makes
   * them for a userscript that may read and change the page (content/userscripts.js); the
   * replica's host, or null when a step of it failed.
   */
  async function openReplica(sandbox) {
    const library = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:prebuilt', name: 'dom-library' });
    if (typeof library !== 'string') return null;
    if ((await sandbox.run(library, 'paranoid:replica/domino.js', { setup: true, prebuilt: true })).status !== 'ok') return null;
    const opened = await paranoidOpenReplica({ read: true, write: true, press: true, navigate: false }, { runAt: 'document-idle', urlchange: false },
      (message, setup) => sandbox.post(message, { setup }), async (code, name) => (await sandbox.run(code, name, { setup: true })).status === 'ok');
    if (typeof opened.error === 'string') throw new Error(opened.error);
    return opened.host ?? null;
  }
}

// Only as a content script: the harness page also loads this file (layer 1 off) to call
// `paranoidTestRun` itself.
if (typeof paranoidExtension?.runtime?.getURL === 'function') document.addEventListener('paranoid-test:run', (event) => {
  const request = JSON.parse(String(event.detail));
  // `raw`: a message sent to the background as this content script, so that a test can reach
  // the background's own checks, which the shipped content script never lets a sandbox reach.
  const work = request.bench ? paranoidTestBench(request.bench)
    : request.raw ? paranoidExtension.runtime.sendMessage(request.raw)
      : paranoidTestRun(request);
  work.then(
    (results) => document.dispatchEvent(new CustomEvent('paranoid-test:result', { detail: JSON.stringify({ id: request.id, results }) })),
    (error) => document.dispatchEvent(new CustomEvent('paranoid-test:result', { detail: JSON.stringify({ id: request.id, error: String(error) }) })),
  );
});
if (typeof paranoidExtension?.runtime?.getURL === 'function') document.documentElement.dataset.paranoidTest = 'ready';
