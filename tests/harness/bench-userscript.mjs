// The userscript part of `cargo xtask bench`: a script given the page, with jQuery (87 KB) in
// `@require`, installed through the install page, on pages of about 1,000 and 10,000 nodes.
// Measured by the page itself (a MutationObserver of its own, on its own clock): the time
// from `DOMContentLoaded` to the script's first change, and to its 1,000th; and, from the
// popup's registry, how many messages the sandbox sent for those 1,000 changes. The browser
// is warm: each page is loaded once before it is measured. Then the memory the script's sandbox
// adds, replica included: the proportional set size of all the browser's processes (`pssKb`)
// with the page shown, the script having made its changes, less the same with the same page
// at a URL the script does not match, alternated and settled; the growth from 1,000 to 10,000
// nodes is the replica's.

import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { startPageServer } from './page-server.mjs';
import { userscriptSession, waitForBackground } from './userscript-session.mjs';
import { openPopupFor } from './sandbox-run.mjs';
import { memoryAddedMb } from './bench-report.mjs';

const JQUERY = readFileSync(new URL('../node_modules/jquery/dist/jquery.min.js', import.meta.url), 'utf8');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// How late the server answers the late page's blocking script: a page whose parse waits this
// long for its head's scripts, which is common, while the extension starts up meanwhile.
const LATE_MS = 300;

/**
 * A page of `items` list items of two nodes each, that times the script's changes; with
 * `blockingMs`, a script in its head that the server answers that late holds `DOMContentLoaded`
 * back, as a real site's render-blocking scripts do.
 */
function page(items, blockingMs = 0) {
  const list = Array.from({ length: items }, (_, i) => `<li>item ${i}</li>`).join('');
  return `<!doctype html><html><head><title>bench</title><script>
window.timing = {};
document.addEventListener('DOMContentLoaded', () => { timing.dcl = performance.now(); });
new MutationObserver((records) => {
  for (const r of records) {
    if (r.attributeName === 'data-first' && timing.first === undefined) timing.first = performance.now();
    if (r.attributeName === 'data-done' && timing.done === undefined) timing.done = performance.now();
  }
}).observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ['data-first', 'data-done'] });
</script>${blockingMs ? `<script src="/blocking.js?ms=${blockingMs}"></script>` : ''}</head><body><ul id="list">${list}</ul></body></html>`;
}

const SCRIPT = (origin) => `// ==UserScript==
// @name Bench replica
// @namespace paranoid-bench
// @version 1
// @match ${origin}/replica/*
// @require ${origin}/jquery.min.js#sha256=${createHash('sha256').update(JQUERY).digest('base64')}
// @grant none
// ==/UserScript==
document.body.setAttribute('data-first', '1');
const items = document.querySelectorAll('#list li');
for (let i = 0; i < 1000 && i < items.length; i++) items[i].className = 'seen';
document.body.setAttribute('data-done', String($('li.seen').length));
`;

/** Loads `url` and waits until the script's last change (`scripted`) or the page's load. */
async function show(driver, url, scripted) {
  await driver.get(url);
  let t = null;
  for (let w = 0; w < 300 && !(t && (scripted ? t.done !== undefined : t.dcl !== undefined)); w++) { await sleep(50); t = await driver.executeScript('return window.timing'); }
  if (!t || (scripted && t.done === undefined)) throw new Error(`the userscript made no change at ${url}: ${JSON.stringify(t)}`);
  return t;
}

/**
 * @param {{ quick: boolean, log: (text: string) => void, pssKb: (() => number) | null }} options (no `pssKb`: no memory figure)
 * @returns {Promise<{ [nodes: string]: { first_ms: number[], done_ms: number[], messages: number, memory_kb: { with: number[], without: number[] } } }>}
 */
export async function benchUserscript(driver, browser, ext, { quick, log, pssKb }) {
  const server = await startPageServer();
  try {
    server.serve('/jquery.min.js', 'text/javascript; charset=utf-8', JQUERY);
    // `1000-late`: the 1,000-node page with its `DOMContentLoaded` held back LATE_MS (no memory
    // figure: it is the same page).
    const sizes = { 1000: [500, 0], 10000: [5000, 0], '1000-late': [500, LATE_MS] };
    for (const [nodes, [items, blockingMs]] of Object.entries(sizes)) {
      server.serve(`/replica/${nodes}.html`, 'text/html; charset=utf-8', page(items, blockingMs));
      server.serve(`/plain/${nodes}.html`, 'text/html; charset=utf-8', page(items, blockingMs));
    }
    server.handle('/blocking.js', (req, res) => {
      const ms = Number(new URL(req.url, 'http://x').searchParams.get('ms')) || 0;
      setTimeout(() => { res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }); res.end('window.blocked = true;'); }, ms);
    });
    await waitForBackground(driver, browser, ext);
    const session = userscriptSession(driver, browser, ext);
    const { page: installed } = await session.paste(SCRIPT(server.origin));
    if (installed.verdict !== 'ok') throw new Error(`the bench userscript was refused: ${installed.text}`);
    const out = {};
    for (const nodes of Object.keys(sizes)) {
      const url = `${server.origin}/replica/${nodes}.html`;
      const entry = { first_ms: [], done_ms: [], messages: null, memory_kb: { with: [], without: [] }, blocking_ms: sizes[nodes][1] };
      const runs = quick ? 3 : 15;
      for (let i = -1; i < runs; i++) {
        const t = await show(driver, url, true);
        if (i < 0) continue; // the warm-up load
        entry.first_ms.push(t.first - t.dcl);
        entry.done_ms.push(t.done - t.dcl);
      }
      // The sandbox's messages for the last load: the registry's count, read as the popup does.
      const tab = await driver.getWindowHandle();
      await openPopupFor(driver, browser, ext, url);
      const shown = await driver.executeScript('return [...document.querySelectorAll("li")].find((li) => li.textContent.includes("Bench replica"))?.textContent ?? ""');
      const m = /(\d+) messages?/.exec(shown);
      entry.messages = m ? Number(m[1]) : 0;
      await driver.close();
      await driver.switchTo().window(tab);
      // Memory: the page without the script, then with it, each settled (the previous page's
      // sandbox gone, the collector given time), alternated.
      const measureMemory = pssKb !== null && sizes[nodes][1] === 0;
      for (let k = 0; measureMemory && k < (quick ? 2 : 5); k++) {
        await show(driver, `${server.origin}/plain/${nodes}.html`, false);
        await sleep(2000);
        entry.memory_kb.without.push(pssKb());
        await show(driver, url, true);
        await sleep(2000);
        entry.memory_kb.with.push(pssKb());
      }
      if (measureMemory) {
        log(`userscript on ${nodes} nodes: its sandbox adds ${memoryAddedMb(entry.memory_kb).toFixed(1)} MB (median of ${entry.memory_kb.with.length} pairs)`);
      }
      log(`userscript on ${nodes} nodes: first change ${entry.first_ms.map((x) => x.toFixed(0)).join(', ')} ms after DOMContentLoaded; messages ${entry.messages}`);
      out[nodes] = entry;
    }
    return out;
  } finally {
    server.close();
  }
}
