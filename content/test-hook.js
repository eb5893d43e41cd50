'use strict';
// Test builds only (never shipped): lets `cargo xtask sandbox-run` drive sandboxes from the
// test page through the real path (content script → frame → worker). The page sends a
// `paranoid-test:run` event whose detail is a JSON request; the answer comes back as a
// `paranoid-test:result` event whose detail is JSON. Strings only cross the world boundary.

/* global openSandbox */

/** Runs `files` in fresh sandboxes (or one shared sandbox) and collects what the harness prints. */
async function paranoidTestRun(request) {
  const reports = request.reports && request.reports.length ? request.reports : ['__result'];
  const waitMs = typeof request.waitMs === 'number' ? request.waitMs : 5000;
  const groups = request.shared ? [request.files] : request.files.map((f) => [f]);
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
    try {
      sandbox = await openSandbox({ cpuMs: request.cpuMs, layers: request.layers, onEvent: (e) => events.push(e) });
      for (const file of files) {
        const r = await sandbox.run(file.source, file.name);
        if (r.status === 'rejected') { out.status = 'rejected'; out.diagnostics = r.diagnostics || []; break; }
        if (r.status === 'killed') { out.status = 'killed'; out.reason = r.reason; break; }
        if (r.status === 'error') { out.status = 'error'; if (r.error) out.error = r.error; if (r.reason) out.reason = r.reason; break; }
      }
      if (out.status === 'ok' || out.status === 'error') {
        const quiet = await Promise.race([
          sandbox.whenQuiet(),
          new Promise((resolve) => setTimeout(() => resolve({ status: 'waited' }), waitMs)),
        ]);
        if (quiet.status === 'killed') { out.status = 'killed'; out.reason = quiet.reason; }
        out.quiet = quiet.status === 'quiet';
      }
      if (sandbox.death === null) {
        const rep = await sandbox.report(reports);
        if (rep.status === 'killed') { out.status = 'killed'; out.reason = rep.reason; }
        for (const name of reports) {
          const text = rep.values ? rep.values[name] : null;
          out.report[name] = typeof text === 'string' ? JSON.parse(text) : null;
        }
      } else if (sandbox.death.status === 'killed') {
        out.status = 'killed';
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
    if (sandbox !== null && sandbox.death === null) sandbox.kill('the run is over');
    return out;
  }
}

document.addEventListener('paranoid-test:run', (event) => {
  const request = JSON.parse(String(event.detail));
  paranoidTestRun(request).then(
    (results) => document.dispatchEvent(new CustomEvent('paranoid-test:result', { detail: JSON.stringify({ id: request.id, results }) })),
    (error) => document.dispatchEvent(new CustomEvent('paranoid-test:result', { detail: JSON.stringify({ id: request.id, error: String(error) }) })),
  );
});
document.documentElement.dataset.paranoidTest = 'ready';
