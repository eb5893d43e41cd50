// The page-attack corpus (tests/page-attacks/): each file is a hostile page, run as the first
// script of a page that also opens a sandbox each way one is opened — a page tag, a quarantined
// third-party script, a userscript with stored values, an approved `@connect` host and a replica
// of the page (it reads and changes it) — in Chromium and Firefox ESR. Each must show the page learned nothing (nothing of
// ours recorded, no canary seen) and moved nothing (each victim did exactly its job, its stored
// values unchanged; or, for attacks on the host itself, the sandbox ended saying why).
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { launch, openExtensionPage, openPopupFor } from '../harness/sandbox-run.mjs';
import { startPageServer } from '../harness/page-server.mjs';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];
const CORPUS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../page-attacks');
const ATTACKS = readdirSync(CORPUS).filter((f) => f.endsWith('.js')).sort();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const canary = (what) => `CANARY${what}${randomBytes(8).toString('hex')}`;
const CANARY = { tag: canary('TAG'), quarantine: canary('Q'), userscript: canary('US'), value: canary('VAL'), xhr: canary('XHR') };
const TORN = /the page (removed|moved|navigated|changed)|did not prove itself|did not answer within/;

/** What the test expects of a file: its first line may say `// expect: torn-down` or `either`. */
const expectationOf = (text) => (/^\/\/ expect: (torn-down|either)/.exec(text) || [null, 'intact'])[1];

// Runs before the attack, in the page's world: what the attack may use (tests/page-attacks/README.md).
const PREAMBLE = `(() => {
  const got = [], notes = [], events = [];
  const add = EventTarget.prototype.addEventListener;
  const stringify = JSON.stringify;
  window.__seen = {
    got: (what, data) => { if (got.length < 200) got.push({ what: String(what), data: String(data).slice(0, 2000) }); },
    note: (text) => { if (notes.length < 200) notes.push(String(text).slice(0, 300)); },
    hosts: () => [...document.documentElement.children].filter((e) => e !== document.head && e !== document.body),
    catcher: location.origin + '/catcher.html',
    dump: () => stringify({ got, notes, events }),
  };
  for (const type of ['paranoid-message', 'paranoid-ran', 'paranoid-error', 'paranoid-rejected', 'paranoid-killed']) {
    add.call(document, type, (e) => { if (events.length < 200) events.push({ type, name: e.target.dataset ? e.target.dataset.name : '?', detail: e.detail }); }, true);
  }
  // The catcher (a page of the attacker's in place of our frame) reports here.
  add.call(window, 'message', (e) => {
    const d = e.data;
    if (d && d.__attacker === 'got') window.__seen.got(d.what, d.data);
    if (d && d.__attacker === 'note') window.__seen.note(d.text);
  }, true);
})();`;

const CATCHER = `<!doctype html><script>
const tell = (m) => parent.postMessage(m, '*');
addEventListener('message', (e) => {
  tell({ __attacker: 'note', text: 'the catcher got ' + JSON.stringify(e.data).slice(0, 200) + ' with ' + e.ports.length + ' ports' });
  for (const port of e.ports) {
    port.onmessage = (m) => tell({ __attacker: 'got', what: 'a port meant for our frame spoke to the page', data: JSON.stringify(m.data).slice(0, 500) });
    for (const key of [undefined, '0'.repeat(32), e.data && e.data.key, e.data && e.data.nonce]) port.postMessage({ type: 'hello', key });
  }
});
</script>`;

const victims = (origin, other) => ({
  tag: `// ${CANARY.tag}\nparanoid.postMessage('victim-tag-ok:' + (6 * 7));`,
  quarantine: `// ${CANARY.quarantine}\nvar quarantined = 6 * 7;`,
  userscript: `// ==UserScript==
// @name        Page attack victim
// @namespace   paranoid-tests
// @version     1.0
// @match       ${origin}/attack/*
// @grant       GM.getValue
// @grant       GM.setValue
// @grant       GM.xmlHttpRequest
// @connect     127.0.0.1
// ==/UserScript==
// ${CANARY.userscript}
(async () => {
  const token = await GM.getValue('token', 'none');
  const answer = await GM.xmlHttpRequest({ url: '${origin}/victim/secret' });
  const ok = token === '${CANARY.value}' && answer.responseText === '${CANARY.xhr}';
  await GM.setValue('last', ok ? 'ok' : 'bad');
  // Through its replica of the page (it reads and changes the page, as the install page asked).
  document.getElementById('target').append(ok ? ' victim-us-ok' : ' victim-us-bad');
})();
`,
  page: (attack) => `<!doctype html><html><head><meta charset="utf-8"><title>attack</title>
<script>${PREAMBLE}</script>
<script>${attack}</script>
</head><body><p id="target">target</p>
<script type="text/x-paranoid" data-name="victim-tag" src="/victim/tag.js"></script>
<script src="${other}/q/victim.js"></script>
</body></html>`,
});

for (const [browser, ext] of BROWSERS) {
  describe(`the page-attack corpus in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, other, driver, start, scriptId;
    const storage = async (keys) => {
      const page = await driver.getWindowHandle();
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      await driver.manage().setTimeouts({ script: 10000 });
      const got = await driver.executeAsyncScript(function (k, done) { (globalThis.browser ?? globalThis.chrome).storage.local.get(k).then(done); }, keys);
      await driver.close();
      await driver.switchTo().window(page);
      return got;
    };
    const popup = async (url) => {
      const page = await driver.getWindowHandle();
      await openPopupFor(driver, browser, ext, url);
      let entries = [];
      for (let i = 0; i < 40; i++) {
        entries = await driver.executeScript(`return [...document.querySelectorAll('li.script')].map((li) => ({
          name: li.querySelector('.script-name').textContent, status: li.querySelector('.status').textContent, text: li.innerText }))`);
        if (entries.length >= 3 && entries.every((e) => e.status !== 'starting' && e.status !== 'running')) break;
        await sleep(250);
        await driver.navigate().refresh();
        await sleep(250);
      }
      await driver.close();
      await driver.switchTo().window(page);
      return entries;
    };

    before(async () => {
      server = await startPageServer();
      other = await startPageServer();
      const otherOrigin = other.origin.replace('127.0.0.1', 'localhost');
      const v = victims(server.origin, otherOrigin);
      server.serve('/victim/tag.js', 'text/javascript', v.tag);
      server.serve('/victim/secret', 'text/plain', CANARY.xhr);
      server.serve('/catcher.html', 'text/html; charset=utf-8', CATCHER);
      other.serve('/q/victim.js', 'text/javascript', v.quarantine, { 'access-control-allow-origin': '*' });
      for (const file of ATTACKS) server.serve(`/attack/${file}.html`, 'text/html; charset=utf-8', v.page(readFileSync(path.join(CORPUS, file), 'utf8')));
      driver = await launch(browser, ext);
      start = await driver.getWindowHandle();
      // Install the victim as a user would (pasted, then the install page), give it a stored
      // token, and quarantine the other origin's script on this site.
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      await driver.manage().setTimeouts({ script: 20000 });
      const pattern = `*://${new URL(otherOrigin).hostname}/q/*`;
      const rule = { pattern, regex: JSON.parse(execFileSync(paranoidBin(), ['match-pattern', pattern], { encoding: 'utf8' })).regex };
      await driver.executeAsyncScript(function (source, quarantineRule, siteOrigin, done) {
        const api = globalThis.browser ?? globalThis.chrome;
        (async () => {
          const ask = async () => { for (;;) { try { if (await api.runtime.sendMessage({ type: 'paranoid:whoami' })) return; } catch { /* not yet */ } await new Promise((r) => setTimeout(r, 100)); } };
          await ask();
          const sites = (await api.storage.local.get('paranoid:sites'))['paranoid:sites'] ?? {};
          sites[siteOrigin] = { enabled: true, quarantine: [quarantineRule] };
          await api.storage.local.set({ 'paranoid:sites': sites, 'paranoid:us:draft': { source, from: 'pasted' } });
        })().then(() => done(), (e) => done(String(e)));
      }, v.userscript, rule, server.origin);
      await driver.close();
      await driver.switchTo().window(start);
      await openExtensionPage(driver, browser, ext, 'ui/install.html?draft=1');
      for (let i = 0; i < 200 && (await driver.executeScript('return document.body?.dataset.loaded ?? null')) === null; i++) await sleep(50);
      await driver.executeScript('document.getElementById("install").click()');
      let installed = '';
      for (let i = 0; i < 100 && !installed; i++) { installed = await driver.executeScript('return document.body?.dataset.installed || ""'); await sleep(100); }
      assert.ok(installed, 'the victim userscript installed');
      await driver.manage().setTimeouts({ script: 10000 });
      scriptId = await driver.executeAsyncScript(function (token, done) {
        const api = globalThis.browser ?? globalThis.chrome;
        (async () => {
          const index = (await api.storage.local.get('paranoid:us:index'))['paranoid:us:index'];
          const id = index[index.length - 1];
          await api.storage.local.set({ [`paranoid:us:values:${id}`]: { token: JSON.stringify(token) } });
          return id;
        })().then(done, (e) => done(String(e)));
      }, CANARY.value);
      await driver.close();
      await driver.switchTo().window(start);
      await sleep(1000); // the background installs the quarantine's network rule on the change
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
      other?.close();
    });

    for (const file of ATTACKS) {
      it(file, async (t) => {
        const expect = expectationOf(readFileSync(path.join(CORPUS, file), 'utf8'));
        const url = `${server.origin}/attack/${file}.html`;
        await driver.get(url);
        // Each victim ends (ran, or torn down) within a few seconds; the attacks go on meanwhile.
        await sleep(3000);
        const entries = await popup(url);
        await sleep(500);
        const seen = JSON.parse(await driver.executeScript('return window.__seen ? window.__seen.dump() : "{}"'));
        const dom = await driver.executeScript('return document.documentElement.outerHTML');
        const values = (await storage(`paranoid:us:values:${scriptId}`))[`paranoid:us:values:${scriptId}`];
        const report = JSON.stringify({ entries, seen, values }, null, 1).slice(0, 6000);
        t.diagnostic(`tried: ${seen.notes.slice(0, 20).join('; ') || 'nothing noted'}; outcome: ${entries.map((e) => `${e.name} ${e.status}`).join(', ')}`);

        // Learned nothing.
        assert.deepEqual(seen.got, [], `the page obtained something of ours: ${report}`);
        for (const [what, text] of Object.entries(CANARY)) {
          assert.ok(!JSON.stringify(seen).includes(text), `the page saw the ${what} canary: ${report}`);
          assert.ok(!dom.includes(text), `the ${what} canary is in the page's DOM: ${report}`);
        }
        // Moved nothing: the token is the one stored, and only the victim's own value was added.
        assert.equal(values.token, JSON.stringify(CANARY.value), report);
        assert.deepEqual(Object.keys(values).sort().filter((k) => k !== 'last'), ['token'], report);
        if (values.last !== undefined) assert.equal(values.last, '"ok"', report);

        const byName = {
          tag: entries.find((e) => e.name === 'victim-tag'),
          quarantine: entries.find((e) => e.text.includes('quarantine rule')),
          userscript: entries.find((e) => e.name === 'Page attack victim'),
        };
        const effects = {
          tag: seen.events.filter((e) => e.type === 'paranoid-message' && e.detail === 'victim-tag-ok:42').length,
          quarantine: 1,
          userscript: (dom.match(/victim-us-ok/g) || []).length,
        };
        assert.ok(!dom.includes('victim-us-bad'), report);
        assert.ok(!seen.events.some((e) => e.type === 'paranoid-message' && e.detail !== 'victim-tag-ok:42'), `a forged message reached the page: ${report}`);
        for (const [mode, entry] of Object.entries(byName)) {
          assert.ok(entry, `no popup entry for the ${mode} victim: ${report}`);
          const intact = entry.status === 'ran' && effects[mode] === 1;
          const torn = entry.status === 'error' && TORN.test(entry.text);
          if (expect === 'intact') assert.ok(intact, `the ${mode} victim did not do its job: ${report}`);
          else if (expect === 'torn-down') assert.ok(torn, `the ${mode} victim's sandbox was not ended with a reason: ${report}`);
          else assert.ok(intact || torn, `the ${mode} victim neither did its job nor ended with a reason: ${report}`);
          if (torn) assert.equal(effects[mode] === 1 && mode !== 'quarantine', false, `a torn-down ${mode} victim still had its effect: ${report}`);
        }
      });
    }
  });
}
