// Userscripts end to end, in both browsers: installing from a `.user.js` link and by pasting,
// what the install page shows and refuses (metadata, vetting, a pinned `@require` whose hash
// does not match), and installed scripts running on a test page with only their grants: GM
// values isolated per script, GM.info, a call that was not granted (forged as a raw message
// too), a script that does not match the page, and the run history the options page shows.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';
import { launch, openExtensionPage, extensionBase } from '../harness/sandbox-run.mjs';
import { startPageServer } from '../harness/page-server.mjs';

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];
const SHOTS = path.resolve(process.env.PARANOID_SCREENSHOTS || 'target/screenshots');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const header = (lines) => `// ==UserScript==\n${lines.map((l) => `// ${l}`).join('\n')}\n// ==/UserScript==\n`;

/** The scripts, given the test server's origin. */
function scripts(origin) {
  return {
    counter: header(['@name Counter', '@namespace paranoid-tests', '@version 1.0', `@match ${origin}/app/*`,
      '@grant GM.getValue', '@grant GM.setValue', '@grant GM.info', '@connect api.example.com', '@description Counts visits']) + `
(async () => {
  const n = await GM.getValue('count', 0);
  await GM.setValue('count', n + 1);
  await GM.setValue('k', 'from the counter');
  await GM.setValue('info', { name: GM.info.script.name, handler: GM.info.scriptHandler });
})();`,
    snoop: header(['@name Snoop', '@namespace paranoid-tests', `@include ${origin.replace('http', '*')}/app/*`,
      '@grant GM.getValue', '@grant GM.setValue', '@grant GM.listValues']) + `
(async () => {
  await new Promise((r) => setTimeout(r, 300));
  const names = await GM.listValues();
  await GM.setValue('seen', { k: await GM.getValue('k', 'none'), count: await GM.getValue('count', 'none'), names });
})();`,
    forger: header(['@name Forger', '@namespace paranoid-tests', `@match ${origin}/app/*`, '@grant GM.getValue']) + `
paranoid.onMessage((m) => { if (m && m.reply === 99) throw new Error('reply: ' + m.error); });
paranoid.postMessage({ call: 'GM.setValue', id: 99, args: ['x', 1] });
if (typeof GM.setValue !== 'undefined') throw new Error('GM.setValue is there');`,
    elsewhere: header(['@name Elsewhere', '@namespace paranoid-tests', `@match ${origin}/elsewhere/*`, '@grant GM.setValue']) + `
GM.setValue('ran', true);`,
    regex: header(['@name Regex include', '@include /^https?:\\/\\/example\\.com\\//']) + 'void 0;',
    evil: header(['@name Evil', '@match https://example.com/*']) + "const x = 1;\nwindow.eval('x');\n\\u0065val('1');",
    pinned: header(['@name Pinned', '@match https://example.com/*',
      `@require ${origin}/lib.js#sha256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=`]) + 'void 0;',
  };
}

for (const [browser, ext] of BROWSERS) {
  describe(`userscripts in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, driver, code;
    before(async () => {
      server = await startPageServer();
      code = scripts(server.origin);
      for (const [name, text] of Object.entries(code)) server.serve(`/${name}.user.js`, 'text/javascript; charset=utf-8', text);
      server.serve('/lib.js', 'text/javascript', 'var lib = 1;'); // not the empty file the hash pins
      server.serve('/app/page.html', 'text/html; charset=utf-8', '<!doctype html><title>app</title><p>app page</p>');
      driver = await launch(browser, ext);
      // The background must be listening before the first navigation, or it never sees it.
      const start = await driver.getWindowHandle();
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      await driver.manage().setTimeouts({ script: 10000 });
      await driver.executeAsyncScript(function (done) {
        const api = globalThis.browser ?? globalThis.chrome;
        const ask = () => api.runtime.sendMessage({ type: 'paranoid:whoami' }).then((r) => (r ? done(r) : setTimeout(ask, 100)), () => setTimeout(ask, 100));
        ask();
      });
      await driver.close();
      await driver.switchTo().window(start);
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
    });

    /**
     * Finds the install page the extension opened and shows it in the current tab, which must be
     * one of the extension's pages. (chromedriver does not list tabs an extension creates, so the
     * test closes that tab and opens the same page in one it drives.)
     */
    const followInstallTab = async () => {
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
        if (url === null) await sleep(100);
      }
      await driver.executeScript('location.href = arguments[0]', url);
      await sleep(200);
      while (!(await driver.executeScript('return location.href === arguments[0] && document.body?.dataset.loaded === "true"', url).catch(() => false))) await sleep(50);
      return url;
    };
    const readInstallPage = () => driver.executeScript(`return {
      verdict: document.body.dataset.verdict, title: document.getElementById('title').textContent,
      text: document.querySelector('main').innerText, disabled: document.getElementById('install').disabled }`);
    const clickInstall = async () => {
      await driver.executeScript('document.getElementById("install").click()');
      for (let i = 0; i < 100 && !(await driver.executeScript('return document.body.dataset.installed || ""')); i++) await sleep(100);
      return driver.executeScript('return document.body.dataset.installed || ""');
    };
    /** Opens `name.user.js` as a user would, and returns the install page's contents (its tab is current). */
    const openUserJs = async (name) => {
      await driver.get(`${server.origin}/${name}.user.js`);
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      const url = await followInstallTab();
      assert.equal(url, `${extensionBase(browser, ext)}ui/install.html?url=${encodeURIComponent(`${server.origin}/${name}.user.js`)}`);
      return readInstallPage();
    };
    const closeBackTo = async (handle) => { await driver.close(); await driver.switchTo().window(handle); };
    /** storage.local, read from an extension page. */
    const storage = async () => {
      const page = await driver.getWindowHandle();
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      await driver.manage().setTimeouts({ script: 10000 });
      const all = await driver.executeAsyncScript(function (done) { (globalThis.browser ?? globalThis.chrome).storage.local.get(null).then(done); });
      await closeBackTo(page);
      return all;
    };
    const valuesOf = (all, id) => Object.fromEntries(Object.entries(all[`paranoid:us:values:${id}`] ?? {}).map(([k, v]) => [k, JSON.parse(v)]));

    const ids = {};
    it('installs from a .user.js link after showing its grants and hosts in plain words', async () => {
      const start = await driver.getWindowHandle();
      const page = await openUserJs('counter');
      assert.equal(page.verdict, 'ok', page.text);
      assert.equal(page.title, 'Install Counter 1.0');
      assert.match(page.text, /read values it stored \(its own storage only\)/);
      assert.match(page.text, /store values \(its own storage only\)/);
      assert.match(page.text, /api\.example\.com and its subdomains/);
      assert.match(page.text, /Counts visits/);
      assert.equal(page.disabled, false);
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(path.join(SHOTS, `install-${browser}.png`), Buffer.from(await driver.takeScreenshot(), 'base64'));
      ids.counter = await clickInstall();
      assert.match(ids.counter, /^[0-9a-f]{32}$/);
      await closeBackTo(start);
    });

    it('installs pasted scripts through the same review', async () => {
      const start = await driver.getWindowHandle();
      for (const name of ['snoop', 'forger', 'elsewhere']) {
        await openExtensionPage(driver, browser, ext, 'ui/options.html');
        for (let i = 0; i < 100 && !(await driver.executeScript('return document.body.dataset.userscripts !== undefined')); i++) await sleep(50);
        await driver.executeScript('document.getElementById("paste").value = arguments[0]; document.getElementById("paste-form").requestSubmit();', code[name]);
        await followInstallTab();
        const page = await readInstallPage();
        assert.equal(page.verdict, 'ok', `${name}: ${page.text}`);
        ids[name] = await clickInstall();
        await closeBackTo(start);
      }
      assert.equal(new Set(Object.values(ids)).size, 4);
    });

    it('refuses what fails metadata, vetting or a pinned hash, and says why', async () => {
      const start = await driver.getWindowHandle();
      const regex = await openUserJs('regex');
      assert.equal(regex.verdict, 'refused');
      assert.equal(regex.disabled, true);
      assert.match(regex.text, /regular expression/);
      await closeBackTo(start);
      const evil = await openUserJs('evil');
      assert.equal(evil.verdict, 'refused');
      assert.match(evil.text, /eval/);
      assert.match(evil.text, /\\u0065val\('1'\);\n\^/, 'the excerpt and caret of the refused line');
      writeFileSync(path.join(SHOTS, `install-refused-${browser}.png`), Buffer.from(await driver.takeScreenshot(), 'base64'));
      await closeBackTo(start);
      const pinned = await openUserJs('pinned');
      assert.equal(pinned.verdict, 'refused');
      assert.match(pinned.text, /its hash is sha256-\S+, not the sha256-47DEQpj8HBSa\+\/TImW\+5JCeuQeRkm5NMpJWZG3hSuFU=/);
      await closeBackTo(start);
      const all = await storage();
      assert.equal(all['paranoid:us:index'].length, 4, 'nothing refused was installed');
    });

    it('runs matching scripts with only their grants, each with its own storage', async () => {
      await driver.get(`${server.origin}/app/page.html`);
      let all;
      const deadline = Date.now() + 30000;
      for (;;) {
        all = await storage();
        const history = all[`paranoid:us:history:${ids.forger}`];
        if (valuesOf(all, ids.snoop).seen && valuesOf(all, ids.counter).info && history?.errors >= 1) break;
        if (Date.now() > deadline) assert.fail(`the scripts did not finish: ${JSON.stringify(all).slice(0, 3000)}`);
        await sleep(500);
      }
      assert.deepEqual(valuesOf(all, ids.counter), { count: 1, k: 'from the counter', info: { name: 'Counter', handler: 'Paranoid' } });
      // The snoop asked for the same names and saw nothing of the counter's.
      assert.deepEqual(valuesOf(all, ids.snoop).seen, { k: 'none', count: 'none', names: [] });
      // The forger's raw GM.setValue message was refused; its GM has no setValue.
      const forger = all[`paranoid:us:history:${ids.forger}`];
      assert.match(forger.last.at(-1).detail, /reply: GM\.setValue was not granted to this script/);
      assert.deepEqual(valuesOf(all, ids.forger), {});
      // The script for another path never ran.
      assert.deepEqual(valuesOf(all, ids.elsewhere), {});
      assert.equal(all[`paranoid:us:history:${ids.elsewhere}`], undefined);
      assert.equal(all[`paranoid:us:history:${ids.counter}`].runs, 1);
    });

    it('lists the scripts with their history and values in the options page', async () => {
      const start = await driver.getWindowHandle();
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      for (let i = 0; i < 100 && (await driver.executeScript('return document.body.dataset.userscripts || ""')) !== '4'; i++) await sleep(100);
      const items = await driver.executeScript(`return [...document.querySelectorAll('li.userscript')].map((li) => ({
        name: li.dataset.name, history: li.querySelector('.history').textContent, values: li.querySelector('.values').textContent }))`);
      const byName = Object.fromEntries(items.map((i) => [i.name, i]));
      assert.deepEqual(Object.keys(byName).sort(), ['Counter', 'Elsewhere', 'Forger', 'Snoop']);
      assert.match(byName.Counter.history, /^1 runs, 0 rejections, 0 kills, 0 errors$/);
      assert.match(byName.Counter.values, /^3 stored values: /);
      assert.deepEqual(byName.Counter.values.split(': ')[1].split(', ').sort(), ['count', 'info', 'k']);
      assert.match(byName.Forger.history, /1 errors/);
      assert.match(byName.Elsewhere.history, /^0 runs/);
      await driver.executeScript('document.querySelector("#userscripts-title").scrollIntoView()');
      writeFileSync(path.join(SHOTS, `options-userscripts-${browser}.png`), Buffer.from(await driver.takeScreenshot(), 'base64'));
      await closeBackTo(start);
    });
  });
}
