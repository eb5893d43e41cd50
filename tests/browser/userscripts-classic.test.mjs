// Userscripts written against the managers' older, synchronous API (`GM_getValue`,
// `GM_setValue`, `GM_registerMenuCommand`, `GM_addValueChangeListener`, `GM_info`…) and a
// polyfill in `@require` in gm4-polyfill's style, installed as a user would and run in both
// browsers: values read synchronously from the start-up snapshot and written through, kept
// current across tabs, menu commands shown in the popup and run from it, and the abuse of the
// new surface (a snapshot for a script that may not read, hostile captions, too many commands,
// a forged click, stored text that would break out of the start-up code).
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { By } from 'selenium-webdriver';
import { launch, openPopupFor } from '../harness/sandbox-run.mjs';
import { startPageServer } from '../harness/page-server.mjs';
import { userscriptSession, waitForBackground } from '../harness/userscript-session.mjs';

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];
const SHOTS = path.resolve(process.env.PARANOID_SCREENSHOTS || 'target/screenshots');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sha256 = (text) => createHash('sha256').update(text).digest('base64');
const header = (lines) => `// ==UserScript==\n${lines.map((l) => `// ${l}`).join('\n')}\n// ==/UserScript==\n`;

const GREETING = 'hello from a resource';
// Text a script stores that would end the start-up code's string early if it were pasted in
// unescaped: quotes, a backslash, line separators, a closing script tag.
const TRICKY = '"));throw new Error("out");//\\\u2028\u2029</script>\'`${1}';

// A polyfill written the way gm4-polyfill is: it fills in GM.* from GM_* (and the reverse for
// GM_addStyle and GM_registerMenuCommand, from the page's document, if they are missing), at
// the top level, through `this`, reading GM_info without a guard.
const SHIM = `
if (typeof GM === 'undefined') { this.GM = {}; }
if (typeof GM_addStyle === 'undefined') {
  this.GM_addStyle = (css) => { const style = document.createElement('style'); style.textContent = css; document.head.appendChild(style); return style; };
}
if (typeof GM_registerMenuCommand === 'undefined') {
  this.GM_registerMenuCommand = (caption, command) => { const item = document.createElement('menuitem'); item.label = caption; item.onclick = command; document.body.appendChild(item); };
}
Object.entries({ log: console.log.bind(console), info: GM_info }).forEach(([name, value]) => {
  if (value && typeof GM[name] === 'undefined') GM[name] = value;
});
Object.entries({ GM_getValue: 'getValue', GM_setValue: 'setValue', GM_deleteValue: 'deleteValue', GM_listValues: 'listValues',
  GM_xmlhttpRequest: 'xmlHttpRequest', GM_addStyle: 'addStyle', GM_registerMenuCommand: 'registerMenuCommand' }).forEach(([older, newer]) => {
  const old = this[older];
  if (old && typeof GM[newer] === 'undefined') {
    GM[newer] = function (...args) { return new Promise((resolve, reject) => { try { resolve(old.apply(this, args)); } catch (e) { reject(e); } }); };
  }
});
`;

function scripts(origin) {
  return {
    // A counter with settings, a menu, a style and a resource, all through the older names.
    visits: header(['@name Visit counter', '@namespace paranoid-tests', '@version 2.1', `@match ${origin}/classic/*`,
      '@grant GM_getValue', '@grant GM_setValue', '@grant GM_deleteValue', '@grant GM_listValues', '@grant GM_info', '@grant GM_log',
      '@grant GM_registerMenuCommand', '@grant GM_unregisterMenuCommand', '@grant GM_addStyle', '@grant GM_getResourceText',
      `@resource greeting ${origin}/greeting.txt#sha256=${sha256(GREETING)}`]) + `
'use strict';
const visits = GM_getValue('visits', 0) + 1;
GM_setValue('visits', visits);
const settings = GM_getValue('settings', { theme: 'light' });
settings.changed = true;
GM_setValue('settings', { theme: 'dark' });
const copy = GM_getValue('settings');
copy.theme = 'changed only in the copy';
const report = {
  visits,
  info: GM_info.script.name + ' ' + GM_info.script.version + ' ' + GM_info.scriptHandler,
  listed: GM_listValues().sort(),
  settings: GM_getValue('settings'),
  greeting: GM_getResourceText('greeting'),
  asyncToo: typeof GM.getValue,
  tricky: GM_getValue('tricky', null),
};
if (visits === 1) GM_setValue('tricky', ${JSON.stringify(TRICKY)});
try { GM_setValue('', 1); } catch (e) { report.badName = e.name + ': ' + e.message; }
try { GM_setValue('fn', () => 1); } catch (e) { report.badValue = e.name; }
try { GM_getResourceText('nope'); } catch (e) { report.badResource = e.message; }
GM_setValue('report', report);
GM_log('visit', visits);
GM_addStyle('body { border-top: 7px solid rgb(1, 2, 3); }');
GM_registerMenuCommand('Reset the counter', () => { GM_deleteValue('visits'); GM_setValue('reset', GM_listValues().sort()); });
GM_registerMenuCommand('<img src=x onerror=alert(1)> ' + 'x'.repeat(300), () => { GM_setValue('hostile caption ran', true); });
const gone = GM_registerMenuCommand('Gone', () => { GM_setValue('gone ran', true); });
GM_unregisterMenuCommand(gone);
for (let i = 0; i < 40; i++) GM_registerMenuCommand('more ' + i, () => {});`,
    // The polyfill in @require, and a script of GM.* promises on top of it.
    polyfilled: header(['@name Polyfilled', '@namespace paranoid-tests', `@match ${origin}/classic/*`,
      `@require ${origin}/gm4-shim.js#sha256=${sha256(SHIM)}`, '@grant GM.getValue', '@grant GM.setValue']) + `
(async () => {
  const runs = await GM.getValue('runs', 0);
  await GM.setValue('runs', runs + 1);
  await GM.setValue('shim', { log: typeof GM.log, info: GM.info.script.name, older: typeof GM_setValue, addStyle: typeof GM_addStyle });
})();`,
    // The first tab listens; the second writes: the first hears it, marked remote.
    tabsync: header(['@name Tab sync', '@namespace paranoid-tests', `@match ${origin}/sync/*`,
      '@grant GM_getValue', '@grant GM_setValue', '@grant GM_addValueChangeListener']) + `
const tab = GM_getValue('tabs', 0);
GM_setValue('tabs', tab + 1);
if (tab === 0) {
  GM_addValueChangeListener('shared', (name, oldValue, newValue, remote) => { GM_setValue('heard', { name, oldValue: oldValue ?? 'none', newValue, remote }); });
  GM_addValueChangeListener('local', (name, oldValue, newValue, remote) => { GM_setValue('heardLocal', { newValue, remote }); });
  GM_setValue('local', 'here');
} else {
  GM_setValue('shared', { from: 'tab ' + tab });
}`,
    // May write, not read: no snapshot reaches it, so nothing reads the values. It runs as the
    // managers run a script, wrapped in a function: its declarations are its own, and a
    // top-level return ends it.
    writeOnly: header(['@name Classic write only', '@namespace paranoid-tests', `@match ${origin}/classic/*`, '@grant GM_setValue']) + `
var ownVar = 1;
function ownFunction() {}
GM_setValue('seen', { get: typeof GM_getValue, list: typeof GM_listValues, asyncGet: typeof GM.getValue, info: GM_info.script.name, xhr: typeof GM_xmlhttpRequest,
  own: [typeof window.ownVar, typeof globalThis.ownFunction, typeof ownFunction, ownVar] });
if (GM_info.script.name === 'Classic write only') return;
GM_setValue('after the return', true);`,
  };
}

for (const [browser, ext] of BROWSERS) {
  describe(`userscripts of the older API in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, driver, session;
    const ids = {};
    before(async () => {
      server = await startPageServer();
      server.serve('/greeting.txt', 'text/plain; charset=utf-8', GREETING);
      server.serve('/gm4-shim.js', 'text/javascript; charset=utf-8', SHIM);
      server.serve('/classic/page.html', 'text/html; charset=utf-8', '<!doctype html><title>classic</title><p>classic</p>');
      server.serve('/sync/page.html', 'text/html; charset=utf-8', '<!doctype html><title>sync</title><p>sync</p>');
      driver = await launch(browser, ext);
      session = userscriptSession(driver, browser, ext);
      await waitForBackground(driver, browser, ext);
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
    });

    it('installs scripts that ask for the older names, showing the grants they are', async () => {
      for (const [name, text] of Object.entries(scripts(server.origin))) {
        const { page, id } = await session.paste(text);
        assert.equal(page.verdict, 'ok', `${name}: ${page.text}`);
        assert.doesNotMatch(page.text, /not provided|older synchronous/, name);
        if (name === 'visits') {
          assert.match(page.text, /add commands to Paranoid's menu for the pages it runs on/);
          assert.match(page.text, /read values it stored/);
        }
        ids[name] = id;
      }
    });

    it('runs them: values read at once and written through, a polyfill on top, no snapshot without the grant', async () => {
      await driver.get(`${server.origin}/classic/page.html`);
      const all = await session.storageUntil((a) => session.valuesOf(a, ids.visits).report && session.valuesOf(a, ids.polyfilled).shim
        && session.valuesOf(a, ids.writeOnly).seen, 'the scripts did not finish');
      const report = session.valuesOf(all, ids.visits).report;
      assert.deepEqual(report, {
        visits: 1,
        info: 'Visit counter 2.1 Paranoid',
        listed: ['settings', 'visits'],
        settings: { theme: 'dark' },
        greeting: GREETING,
        asyncToo: 'function',
        tricky: null,
        badName: 'TypeError: GM_setValue: the name must be a non-empty string of at most 256 characters',
        badValue: 'TypeError',
        badResource: 'GM_getResourceText: no @resource is named nope',
      });
      assert.deepEqual(session.valuesOf(all, ids.polyfilled), {
        runs: 1, shim: { log: 'function', info: 'Polyfilled', older: 'function', addStyle: 'function' },
      });
      assert.deepEqual(session.valuesOf(all, ids.writeOnly), { seen: { get: 'undefined', list: 'undefined', asyncGet: 'undefined', info: 'Classic write only', xhr: 'undefined', own: ['undefined', 'undefined', 'function', 1] } });
      // GM_addStyle's visible effect on the page.
      assert.equal(await driver.executeScript('return getComputedStyle(document.body).borderTopColor'), 'rgb(1, 2, 3)');
    });

    it('reads what the last visit stored, tricky text included, and counts on', async () => {
      await driver.navigate().refresh();
      const all = await session.storageUntil((a) => session.valuesOf(a, ids.visits).report?.visits === 2 && session.valuesOf(a, ids.polyfilled).runs === 2,
        'the second visit did not finish');
      const report = session.valuesOf(all, ids.visits).report;
      assert.equal(report.tricky, TRICKY, 'stored text reaches the script as it was, and ends nothing early');
      assert.deepEqual(report.listed, ['report', 'settings', 'tricky', 'visits']);
    });

    it('shows menu commands in the popup, as text, at most 32, and runs the one clicked', async () => {
      const page = await driver.getWindowHandle();
      await openPopupFor(driver, browser, ext, `${server.origin}/classic/page.html`);
      const entry = await driver.findElement(By.xpath('//li[contains(@class, "script")][.//span[text()="Visit counter"]]'));
      const captions = await driver.executeScript('return [...arguments[0].querySelectorAll("button.menu-command")].map((b) => b.textContent)', entry);
      assert.equal(captions.length, 32, 'past the policy\'s limit of commands, no more are shown');
      assert.equal(captions[0], 'Reset the counter');
      assert.equal(captions[1], `<img src=x onerror=alert(1)> ${'x'.repeat(71)}`, 'a caption is text, cut to 100 characters');
      assert.ok(!captions.includes('Gone'), 'an unregistered command is not shown');
      assert.equal(captions[31], 'more 29');
      assert.equal(await driver.executeScript('return document.querySelectorAll("#scripts img").length'), 0);
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(path.join(SHOTS, `popup-menu-${browser}.png`), Buffer.from(await driver.takeScreenshot(), 'base64'));
      // A click our own pages did not offer (the unregistered command, another entry): nothing runs.
      const tabId = await driver.executeScript('return Number(new URLSearchParams(location.search).get("tab"))');
      await driver.executeAsyncScript(function (tab, done) {
        const api = globalThis.browser ?? globalThis.chrome;
        const send = (m) => api.tabs.sendMessage(tab, m, { frameId: 0 }).catch(() => {});
        const forged = [{ entry: 999, command: '1' }, { entry: '1', command: '1' }];
        // Every entry of the page: the unregistered command's id, and one never made.
        for (const entry of [1, 2, 3]) forged.push({ entry, command: '3' }, { entry, command: 'nope' });
        Promise.all(forged.map((f) => send({ type: 'paranoid:us-menu', ...f }))).then(() => done());
      }, tabId);
      await driver.findElement(By.xpath('//button[text()="Reset the counter"]')).click();
      await session.closeBackTo(page);
      const all = await session.storageUntil((a) => session.valuesOf(a, ids.visits).reset, 'the menu command did not run');
      const values = session.valuesOf(all, ids.visits);
      assert.deepEqual(values.reset, ['report', 'settings', 'tricky'], 'the command ran in the page\'s sandbox, on its values');
      assert.equal(values.visits, undefined);
      assert.equal(values['gone ran'], undefined);
      assert.equal(values['hostile caption ran'], undefined);
    });

    it('tells a listener in one tab what another tab stored, marked remote', async () => {
      const first = await session.openTab(`${server.origin}/sync/page.html`);
      await session.storageUntil((a) => session.valuesOf(a, ids.tabsync).heardLocal, 'the first tab did not start listening');
      await session.openTab(`${server.origin}/sync/page.html`);
      const all = await session.storageUntil((a) => session.valuesOf(a, ids.tabsync).heard, 'the first tab heard nothing');
      const values = session.valuesOf(all, ids.tabsync);
      assert.deepEqual(values.heardLocal, { newValue: 'here', remote: false });
      assert.deepEqual(values.heard, { name: 'shared', oldValue: 'none', newValue: { from: 'tab 1' }, remote: true });
      assert.equal(values.tabs, 2);
      await sleep(300);
      await session.closeBackTo(first);
    });
  });
}
