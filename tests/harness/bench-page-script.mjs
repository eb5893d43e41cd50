// The page-script part of `cargo xtask bench`: lodash (540 KB) as a page's
// `<script type="text/x-paranoid" src>`, the same page loaded again and again, timed by the
// page itself from `DOMContentLoaded` to the tag's `paranoid-ran`. The first load transpiles in
// the sandbox and the second in the background (the session's cache takes a text the second
// time it sees it); from the third on the sandbox runs the cached build. The gap between the
// first figure and the cached ones is what the cache saves; both include the sandbox's start.

import { readFileSync } from 'node:fs';
import { startPageServer } from './page-server.mjs';

const LODASH = readFileSync(new URL('../node_modules/lodash/lodash.js', import.meta.url), 'utf8');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const PAGE = `<!doctype html><html><head><title>bench</title><script>
window.timing = {};
document.addEventListener('DOMContentLoaded', () => { timing.dcl = performance.now(); });
document.addEventListener('paranoid-ran', () => { timing.ran = performance.now(); });
for (const type of ['paranoid-error', 'paranoid-rejected', 'paranoid-killed']) document.addEventListener(type, (e) => { timing.failed = type + ' ' + JSON.stringify(e.detail).slice(0, 300); });
</script></head><body><script type="text/x-paranoid" src="/lodash.js" data-cpu-ms="1000"></script></body></html>`;

/**
 * @param {{ quick: boolean, log: (text: string) => void }} options
 * @returns {Promise<{ bytes: number, ms: number[] }>} one figure a load, in order (the first two
 *   before the cache holds the build)
 */
export async function benchPageScript(driver, { quick, log }) {
  const server = await startPageServer();
  try {
    server.serve('/lodash.js', 'text/javascript; charset=utf-8', LODASH);
    server.serve('/page.html', 'text/html; charset=utf-8', PAGE);
    const ms = [];
    for (let i = 0; i < (quick ? 4 : 12); i++) {
      // A new URL each time: the page is loaded anew, not from the back-forward cache.
      await driver.get(`${server.origin}/page.html?load=${i}`);
      let t = null;
      for (let w = 0; w < 300 && !(t && (t.ran !== undefined || t.failed)); w++) { await sleep(50); t = await driver.executeScript('return window.timing'); }
      if (!t || t.failed || t.ran === undefined) throw new Error(`the page script did not run: ${JSON.stringify(t)}`);
      ms.push(t.ran - t.dcl);
    }
    log(`page script (lodash): ${ms.map((x) => x.toFixed(0)).join(', ')} ms from DOMContentLoaded to its run's end`);
    return { bytes: Buffer.byteLength(LODASH), ms };
  } finally {
    server.close();
  }
}
