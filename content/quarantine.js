'use strict';
// Quarantine: third-party scripts the user named for a site (match patterns, compiled by the
// Rust core into regular expressions) do not run in the page. The background's
// declarativeNetRequest rules block the page's request for them; here each such `<script src>`
// is also disarmed (its type changed, for the cases where the observer sees it first), and its
// text, fetched by the background without cookies, runs in a sandbox with no capabilities at
// all. What the script reached for and did not find (`document`, `localStorage`, `fetch`, …) is
// the report people want to see.

/* global openSandbox, paranoidExtension, paranoidPolicy, paranoidIsBuildPart, paranoidRunBuild */
/* exported paranoidQuarantine */

/**
 * @param {{ quarantine: { pattern: string, regex: string }[], cpuCapMs: number }} site
 * @param {{ add: (fields: object) => (change: object) => void }} registry
 * @param {(options: object) => Promise<object>} [open]
 */
function paranoidQuarantine(site, registry, open = openSandbox) {
  const rules = [];
  for (const rule of site.quarantine) {
    try { rules.push({ pattern: rule.pattern, regex: new RegExp(rule.regex) }); } catch { /* stored by the options page, which checked it */ }
  }
  if (rules.length === 0) return;
  const seen = new WeakSet();
  const QUIET_WAIT_MS = paranoidPolicy().host.quietWaitMs;

  const ruleFor = (url) => rules.find((r) => r.regex.test(url.split('#')[0])) ?? null;

  const quarantine = async (element, url, rule) => {
    const update = registry.add({ origin: 'rule', name: rule.pattern, source: url });
    let text;
    let built = null;
    try {
      const answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:fetch-quarantined', url });
      if (!answer || answer.ok !== true) throw new Error(answer?.error ?? 'no answer from the background');
      text = answer.text;
      // The session transpiled it before (background/transpile-cache.js): it runs as it is.
      built = paranoidIsBuildPart(answer.built) ? answer.built : null;
    } catch (error) {
      update({ status: 'error', reason: `not fetched: ${error.message}` });
      return;
    }
    let sandbox = null;
    try {
      sandbox = await open({ cpuMs: site.cpuCapMs, capabilities: {}, prebuilt: built === null ? [] : [built.digest], onEvent: (event) => {
        if (event.type === 'killed') update({ status: 'killed', reason: event.reason, cpuMs: event.cpuMs });
        if (event.type === 'quiet') update({ cpuMs: event.cpuMs });
      } });
      update({ status: 'running' });
      const result = await paranoidRunBuild(sandbox, text, built, url);
      if (result.status === 'rejected') update({ status: 'rejected', diagnostics: result.diagnostics, reason: result.diagnostics?.[0]?.message ?? 'rejected' });
      else if (result.status === 'error') update({ status: 'error', error: result.error ?? null, reason: result.error ? `${result.error.name}: ${result.error.message}` : String(result.reason) });
      else if (result.status === 'ok') update({ status: 'ran' });
      if (sandbox.death === null) {
        await Promise.race([sandbox.whenQuiet(), new Promise((resolve) => setTimeout(resolve, QUIET_WAIT_MS))]);
      }
      if (sandbox.death === null) {
        const report = await sandbox.report([]);
        if (Array.isArray(report.missing)) update({ missing: report.missing });
      }
    } catch (error) {
      update({ status: 'error', reason: String(error.message) });
    } finally {
      if (sandbox !== null && sandbox.death === null) sandbox.kill('quarantine report taken');
    }
  };

  const consider = (node) => {
    if (!(node instanceof HTMLScriptElement) || seen.has(node) || !node.hasAttribute('src')) return;
    let url;
    try { url = new URL(node.getAttribute('src'), document.baseURI).href; } catch { return; }
    const rule = ruleFor(url);
    if (rule === null) return;
    seen.add(node);
    // Too late for a script the parser already prepared (the network rule stops that one), in
    // time for one a page script builds and inserts.
    node.setAttribute('type', 'text/x-paranoid-quarantined');
    quarantine(node, url, rule);
  };
  const scan = (root) => {
    if (root.nodeType === Node.ELEMENT_NODE) consider(root);
    if (root.nodeType === Node.ELEMENT_NODE || root.nodeType === Node.DOCUMENT_NODE) for (const node of root.querySelectorAll('script[src]')) consider(node);
  };
  scan(document);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) scan(node);
  }).observe(document, { childList: true, subtree: true });
}
