// Drives the real extension in headless Chromium or Firefox ESR and runs scripts in sandboxes
// through the real path (content script → frame → worker). Called by `cargo xtask sandbox-run`,
// which builds what is stale and passes the test build's directory; prints one JSON line per
// run (see README.md, "Test harness").
//
// usage: node sandbox-run.mjs --ext DIR [--browser chromium|firefox] [--layers 1,2,3]
//          [--cpu-ms N] [--wait-ms N] [--es LEVEL] [--report NAME]... [--shared] [--prelude FILE]...
//          [--replica] FILE...
// `--replica`: each sandbox first gets what a userscript given the page gets (the DOM library
// and a replica of the test page that it may read and change), as the content script makes it.

import http from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Builder } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';
import firefox from 'selenium-webdriver/firefox.js';
/* global document */ // in the functions run in the page by executeScript

/** Parses the command line. */
export function parseArgs(argv) {
  const o = { browser: 'chromium', layers: null, cpuMs: 100, waitMs: 5000, reports: [], shared: false, preludes: [], files: [], ext: null, level: undefined, replica: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => { if (i + 1 >= argv.length) throw new Error(`${a} needs a value`); return argv[++i]; };
    if (a === '--browser') o.browser = value();
    else if (a === '--layers') o.layers = value();
    else if (a === '--cpu-ms') o.cpuMs = Number(value());
    else if (a === '--wait-ms') o.waitMs = Number(value());
    else if (a === '--report') o.reports.push(value());
    else if (a === '--shared') o.shared = true;
    else if (a === '--prelude') o.preludes.push(value());
    else if (a === '--ext') o.ext = value();
    else if (a === '--es') o.level = value();
    else if (a === '--replica') o.replica = true;
    else if (a.startsWith('--')) throw new Error(`unknown flag ${a}`);
    else o.files.push(a);
  }
  if (!['chromium', 'firefox'].includes(o.browser)) throw new Error(`--browser is chromium or firefox, not ${o.browser}`);
  if (o.ext === null) throw new Error('--ext DIR is required');
  if (o.replica && o.layers !== null && o.layers.split(',').map((l) => l.trim()).sort().join(',') !== '1,2,3') throw new Error('--replica runs with every layer on, as userscripts do');
  return o;
}

/** `--layers 1,3` → the switches the kernel reads (a layer not listed is off). */
export function layerSwitches(list) {
  if (list === null) return null;
  const on = new Set(list.split(',').map((s) => s.trim()).filter(Boolean));
  for (const l of on) if (!['1', '2', '3'].includes(l)) throw new Error(`--layers takes 1, 2 and 3, not ${l}`);
  return { isolation: on.has('1'), scrub: on.has('2'), transpile: on.has('3') };
}

/** The page that hosts sandboxes itself when layer 1 is off (test build files under /ext/). */
// Both pages name an icon of their own (`data:`), so that the browser asks the server for no
// /favicon.ico, which would count as a probe's hit (Firefox asks late, during the first probe).
const NO_ICON = '<link rel="icon" href="data:,">';
const UNISOLATED_PAGE = `<!DOCTYPE html><html><head><title>paranoid test page, layer 1 off</title>${NO_ICON}
${['/ext/sandbox-page/policy.js', '/ext/sandbox-page/kernel.js', '/ext/sandbox-page/source-map.js',
    '/ext/sandbox-page/worker-driver.js', '/ext/content/sandbox-host.js', '/ext/content/test-hook.js',
    '/harness/unisolated-host.js'].map((src) => `<script src="${src}"></script>`).join('\n')}
</head><body>paranoid test page (layer 1 off)</body></html>`;

/**
 * A local page for the content script to run in, the test build's files for the layer-1-off
 * page, and a counter of the other requests (what probes manage to send).
 */
export async function startServer(ext) {
  const hits = [];
  const HERE = path.dirname(new URL(import.meta.url).pathname);
  const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
  const serveFile = (res, base, rel) => {
    const file = path.join(base, rel);
    if (!file.startsWith(base + path.sep) || !existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/' || req.url.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html><html><head><title>paranoid test page</title>${NO_ICON}</head><body>paranoid test page</body></html>`);
      return;
    }
    if (req.url === '/unisolated') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(UNISOLATED_PAGE);
      return;
    }
    if (req.url.startsWith('/ext/')) { serveFile(res, ext, decodeURIComponent(req.url.slice(5))); return; }
    if (req.url === '/harness/unisolated-host.js') { serveFile(res, HERE, 'unisolated-host.js'); return; }
    hits.push(req.url);
    res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
    res.end('reached');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, hits, origin: `http://127.0.0.1:${server.address().port}` };
}

/** The Firefox add-on's internal UUID, fixed by a pref so that its pages have a known URL. */
const FIREFOX_UUID = '6d1c0b6e-5a8a-4d3c-9a7e-0c0ffee0a11d';

/**
 * The URL of the extension's root in that browser: Chromium derives an unpacked extension's
 * id from its absolute path (SHA-256, first 32 hex digits spelled a–p); Firefox uses the UUID
 * the launch fixed.
 */
export function extensionBase(browser, ext) {
  if (browser === 'firefox') return `moz-extension://${FIREFOX_UUID}/`;
  const hex = createHash('sha256').update(path.resolve(ext)).digest('hex').slice(0, 32);
  return `chrome-extension://${[...hex].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('')}/`;
}

/**
 * Opens one of the extension's pages (`ui/popup.html?tab=3`) in a new tab and switches to it.
 * Firefox: Marionette will not navigate to moz-extension: URLs, so the tab is opened from the
 * browser's chrome context.
 */
export async function openExtensionPage(driver, browser, ext, page) {
  const url = `${extensionBase(browser, ext)}${page}`;
  if (browser !== 'firefox') {
    await driver.switchTo().newWindow('tab');
    await driver.get(url);
    return;
  }
  // Once, in a clean-clone CI run, the new tab never reached `complete` within 10 s and the
  // browser session's later tests failed with it: such a tab is closed and opened once more.
  for (let attempt = 1; ; attempt++) {
    try {
      await openFirefoxTab(driver, url, page);
      return;
    } catch (error) {
      if (attempt >= 2 || !/did not load/.test(error.message)) throw error;
      await driver.close().catch(() => {});
      const handles = await driver.getAllWindowHandles();
      if (handles.length > 0) await driver.switchTo().window(handles[0]);
    }
  }
}

/** Opens `url` in a new Firefox tab from the chrome context, switches to it, waits for it to load. */
async function openFirefoxTab(driver, url, page) {
  const before = new Set(await driver.getAllWindowHandles());
  await driver.setContext(firefox.Context.CHROME);
  try {
    await driver.executeScript(`gBrowser.selectedTab = gBrowser.addTab(arguments[0], {
      triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() });`, url);
  } finally {
    await driver.setContext(firefox.Context.CONTENT);
  }
  const deadline = Date.now() + 10000;
  for (;;) {
    const added = (await driver.getAllWindowHandles()).filter((h) => !before.has(h));
    if (added.length > 0) { await driver.switchTo().window(added[0]); break; }
    if (Date.now() > deadline) throw new Error(`the extension page ${page} did not open`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // The new tab's handle appears while it still shows about:blank, and Marionette may report the
  // target URL before that document is replaced: wait for the page itself, loaded, so a script
  // run next does not see its document unloaded under it.
  const deadline2 = Date.now() + 10000;
  const loaded = 'return location.href.startsWith(arguments[0]) && document.readyState === "complete"';
  while (!(await driver.executeScript(loaded, url.split('?')[0]).catch(() => false))) {
    if (Date.now() > deadline2) throw new Error(`the extension page ${page} did not load`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Opens the popup, as a page of its own, for the tab whose URL starts with `url`, and waits
 * until it has shown that tab. Returns the tab's id; the popup's tab is the current one.
 */
export async function openPopupFor(driver, browser, ext, url) {
  await openExtensionPage(driver, browser, ext, 'ui/popup.html?tab=0');
  await driver.manage().setTimeouts({ script: 10000 });
  const tabId = await driver.executeAsyncScript(function (u, done) {
    const api = globalThis.browser ?? globalThis.chrome;
    api.tabs.query({}).then((tabs) => done((tabs.find((t) => t.url && t.url.startsWith(u)) || { id: -1 }).id));
  }, url);
  await driver.executeScript('location.search = arguments[0]', `?tab=${tabId}`);
  const deadline = Date.now() + 10000;
  // The page is navigating: until the new document has a body, the check reads false (or, in
  // Firefox, the script may be run in the old document as it unloads and throw).
  const shown = () => driver.executeScript('return !!document.body && document.body.dataset.loaded === "true" && location.search === arguments[0]', `?tab=${tabId}`)
    .catch(() => false);
  while (!(await shown())) {
    if (Date.now() > deadline) throw new Error(`the popup did not show tab ${tabId} (${url})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return tabId;
}

/** A browser with the extension loaded; with a window when `headless` is false. */
export async function launch(browser, ext, { headless = true, firefoxPackage = `${ext}.zip` } = {}) {
  if (browser === 'chromium') {
    const options = new chrome.Options()
      .setChromeBinaryPath(process.env.PARANOID_CHROMIUM || '/usr/bin/chromium')
      .addArguments(...(headless ? ['--headless=new'] : []), '--window-size=1200,900', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--no-first-run', `--load-extension=${ext}`, `--disable-extensions-except=${ext}`);
    options.excludeSwitches('disable-extensions');
    if (process.env.PARANOID_DEBUG_LOGS) options.set('goog:loggingPrefs', { browser: 'ALL' });
    const service = new chrome.ServiceBuilder(process.env.PARANOID_CHROMEDRIVER || '/usr/bin/chromedriver');
    return new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(service).build();
  }
  const options = new firefox.Options()
    .setBinary(process.env.PARANOID_FIREFOX || '/usr/bin/firefox-esr')
    .setPreference('extensions.webextensions.uuids', JSON.stringify({ 'paranoid@paranoid.invalid': FIREFOX_UUID }))
    // The chrome context (tests only) is how a test opens the extension's own pages: Marionette
    // refuses to navigate a tab to a moz-extension: URL.
    .addArguments(...(headless ? ['-headless'] : []), '-width=1200', '-height=900');
  const gecko = process.env.PARANOID_GECKODRIVER || path.join(process.env.HOME || '/root', '.cargo', 'bin', 'geckodriver');
  const service = new firefox.ServiceBuilder(gecko).addArguments('--allow-system-access');
  const driver = await new Builder().forBrowser('firefox').setFirefoxOptions(options).setFirefoxService(service).build();
  await driver.installAddon(firefoxPackage, true);
  return driver;
}

/** Opens the test page and waits for the test hook of the content script. */
export async function openPage(driver, origin, isolated = true) {
  if (!isolated) {
    await driver.get(`${origin}/unisolated`);
    return;
  }
  await driver.get(`${origin}/`);
  await hookReady(driver);
}

/** Waits for the test hook of the content script on the current page. */
async function hookReady(driver) {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    const ready = await driver.executeScript('return document.documentElement.dataset.paranoidTest || null');
    if (ready === 'ready') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the extension\'s content script did not start on the test page');
}

/** Sends one request to the hook and waits for its answer. */
export async function request(driver, req, timeoutMs, isolated = true) {
  await driver.manage().setTimeouts({ script: timeoutMs });
  const detail = isolated ? await driver.executeAsyncScript(function (r, done) {
    const listener = (e) => {
      const answer = JSON.parse(e.detail);
      if (answer.id !== r.id) return;
      document.removeEventListener('paranoid-test:result', listener);
      done(e.detail);
    };
    document.addEventListener('paranoid-test:result', listener);
    document.dispatchEvent(new CustomEvent('paranoid-test:run', { detail: JSON.stringify(r) }));
  }, req) : await driver.executeAsyncScript(function (r, done) {
    /* global paranoidTestRun, openUnisolated */
    paranoidTestRun(r, openUnisolated).then(
      (results) => done(JSON.stringify({ id: r.id, results })),
      (error) => done(JSON.stringify({ id: r.id, error: String(error && error.stack || error) })),
    );
  }, req);
  const answer = JSON.parse(detail);
  if (answer.error) throw new Error(`the test hook failed: ${answer.error}`);
  return answer.results;
}

let rawRequests = 0;
/**
 * Sends `message` to the background as the current page's content script (the test build's
 * hook, `raw`), and returns the background's answer: how a test reaches the background's own
 * checks, which the shipped content script never lets a sandbox reach.
 */
/**
 * Finds the install page the extension opened in a tab of its own and shows it in the current
 * tab instead, which must be one of the extension's pages; returns its URL. (chromedriver does
 * not list tabs an extension creates, so the tab is closed and the same page opened in this one.)
 */
export async function followInstallTab(driver, browser, ext) {
  const base = `${extensionBase(browser, ext)}ui/install.html`;
  await driver.manage().setTimeouts({ script: 10000 });
  const deadline = Date.now() + 15000;
  let url = null;
  while (url === null) {
    url = await driver.executeAsyncScript(function (base, done) {
      const api = globalThis.browser ?? globalThis.chrome;
      api.tabs.query({}).then((tabs) => {
        const tab = tabs.find((t) => t.url && t.url.startsWith(base));
        if (!tab) { done(null); return; }
        api.tabs.remove(tab.id).then(() => done(tab.url));
      });
    }, base);
    if (url === null && Date.now() > deadline) throw new Error('the install page did not open');
    if (url === null) await new Promise((r) => setTimeout(r, 100));
  }
  await driver.executeScript('location.href = arguments[0]', url);
  await new Promise((r) => setTimeout(r, 200));
  const shown = Date.now() + 30000;
  while (!(await driver.executeScript('return location.href === arguments[0] && document.body?.dataset.loaded === "true"', url).catch(() => false))) {
    if (Date.now() > shown) throw new Error(`the install page did not finish loading: ${await driver.executeScript('return document.body?.innerText ?? ""').catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return url;
}

export async function sendAsContentScript(driver, message) {
  await hookReady(driver);
  return request(driver, { id: `raw-${++rawRequests}`, raw: message }, 30000);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const layers = layerSwitches(o.layers);
  // Layer 1 off: the harness page starts the worker itself (no opaque frame, no CSP, no watchdog).
  const isolated = layers === null || layers.isolation;
  const { server, hits, origin } = await startServer(path.resolve(o.ext));
  const driver = await launch(o.browser, o.ext);
  let failed = false;
  try {
    await openPage(driver, origin, isolated);
    const load = (file) => ({ name: path.basename(file), source: readFileSync(file, 'utf8') });
    const preludes = [{ name: 'test-server.js', source: `var testServer = ${JSON.stringify(origin)};` }, ...o.preludes.map(load)];
    const groups = o.shared ? [o.files] : o.files.map((f) => [f]);
    let id = 1;
    for (const group of groups) {
      const before = hits.length;
      const files = [...preludes, ...group.map(load)];
      const timeout = o.waitMs + 30000 * files.length;
      const [result] = await request(driver, { id: id++, files, shared: true, cpuMs: o.cpuMs, waitMs: o.waitMs, layers, reports: o.reports, level: o.level, replica: o.replica }, timeout, isolated);
      result.file = group[group.length - 1];
      result.server_hits = hits.length - before;
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } catch (error) {
    failed = true;
    process.stderr.write(`sandbox-run: ${error && error.stack || error}\n`);
  } finally {
    await driver.quit().catch(() => {});
    server.close();
  }
  process.exitCode = failed ? 2 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
