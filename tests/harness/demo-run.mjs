// The demo (`cargo xtask demo`): serves demo/page/ on 127.0.0.1, opens it in a browser with the
// extension loaded (a window when there is a display, headless otherwise), waits for every
// widget to reach its outcome, prints what happened per widget, then opens the popup for the
// demo's tab, prints it, and saves screenshots of both.
//
// usage: node demo-run.mjs --ext DIR [--browser chromium|firefox] [--firefox-package FILE]
//          [--out DIR] [--window | --headless]

import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch, openPopupFor } from './sandbox-run.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const PAGE = path.resolve(HERE, '../../demo/page');

/** Serves demo/page/ and records every request (the exfiltration widget must cause none elsewhere). */
export async function startDemoServer() {
  const hits = [];
  const types = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    hits.push(rel);
    const file = path.join(PAGE, rel);
    if (!file.startsWith(PAGE + path.sep) || !existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, hits, origin: `http://127.0.0.1:${server.address().port}` };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(driver, script, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await driver.executeScript(script)) return true;
    await sleep(100);
  }
  return false;
}

/**
 * Runs the demo in an open browser; returns what each widget showed and what the popup lists.
 * @returns {Promise<{ done: boolean, cards: object[], longestGapMs: number, popup: object[], shots: object }>}
 */
export async function runDemo(driver, browser, ext, origin, out) {
  await driver.get(`${origin}/index.html`);
  const done = await waitFor(driver, 'return document.body.dataset.demo === "done"', 30000);
  const cards = await driver.executeScript(`return [...document.querySelectorAll('.card')].map((c) => ({
    id: c.id, title: c.querySelector('h2').textContent, expect: c.dataset.expect,
    state: c.dataset.state || 'none', outcome: c.querySelector('[data-outcome]').textContent }))`);
  const longestGapMs = Number(await driver.executeScript('return document.body.dataset.longestGapMs || "NaN"'));
  const shots = {};
  if (out) {
    mkdirSync(out, { recursive: true });
    shots.page = path.join(out, `demo-${browser}.png`);
    writeFileSync(shots.page, Buffer.from(await driver.takeScreenshot(), 'base64'));
  }

  // The popup, for the demo's tab, opened as a page of its own.
  const demoHandle = await driver.getWindowHandle();
  const tabId = await openPopupFor(driver, browser, ext, `${origin}/index.html`);
  const popup = await driver.executeScript(`return [...document.querySelectorAll('li.script')].map((li) => ({
    name: li.querySelector('.script-name').textContent, status: li.querySelector('.status').textContent,
    text: li.innerText.replace(/\\s+/g, ' ').trim() }))`);
  if (out) {
    await driver.manage().window().setRect({ width: 420, height: 720 });
    shots.popup = path.join(out, `popup-${browser}.png`);
    writeFileSync(shots.popup, Buffer.from(await driver.takeScreenshot(), 'base64'));
    await driver.manage().window().setRect({ width: 1200, height: 900 });
  }
  await driver.close();
  await driver.switchTo().window(demoHandle);
  return { done, cards, longestGapMs, popup, shots, tabId };
}

async function main() {
  const args = process.argv.slice(2);
  const value = (flag, fallback) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : fallback; };
  const ext = path.resolve(value('--ext', ''));
  const browser = value('--browser', 'chromium');
  const out = path.resolve(value('--out', 'target/demo'));
  const windowed = args.includes('--window') || (!args.includes('--headless') && Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY));
  const { server, origin } = await startDemoServer();
  const driver = await launch(browser, ext, { headless: !windowed, firefoxPackage: value('--firefox-package', `${ext}.zip`) });
  let ok = false;
  try {
    const r = await runDemo(driver, browser, ext, origin, out);
    const want = { result: 'ok', stopped: 'stopped', killed: 'killed', rejected: 'rejected', clock: 'ok' };
    ok = r.done;
    console.log(`demo page: ${origin}/index.html (${browser}, ${windowed ? 'window' : 'headless'})`);
    for (const c of r.cards) {
      const good = c.state === want[c.expect];
      ok &&= good;
      console.log(`  ${good ? 'ok ' : 'BAD'} ${c.title.padEnd(22)} ${c.outcome}`);
    }
    console.log(`  page pulse: longest gap between page frames ${r.longestGapMs} ms while the sandboxes ran`);
    console.log(`popup for tab ${r.tabId}:`);
    for (const p of r.popup) console.log(`  ${p.text}`);
    for (const [what, file] of Object.entries(r.shots)) console.log(`screenshot (${what}): ${file}`);
    if (windowed) {
      console.log('The browser stays open: close its window (or press Ctrl-C) to end the demo.');
      for (;;) { await sleep(1000); try { await driver.getWindowHandle(); } catch { break; } }
    }
  } finally {
    await driver.quit().catch(() => {});
    server.close();
  }
  process.exitCode = ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
