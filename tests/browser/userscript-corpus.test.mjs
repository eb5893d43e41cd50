// The userscript corpus (tests/userscript-corpus/, its README says the contract): scripts written
// in the style of the popular ones, each installed through the install page as a user would and
// run on a local page shaped like the site it is written for, in both browsers. A case passes
// when what it expects of the page (expressions evaluated in the page) holds, before and after
// the actions a user would take (clicks, typing); and when no request reached the other host.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { By } from 'selenium-webdriver';
import { launch } from '../harness/sandbox-run.mjs';
import { startPageServer } from '../harness/page-server.mjs';
import { userscriptSession, waitForBackground } from '../harness/userscript-session.mjs';

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];
const SHOTS = path.resolve(process.env.PARANOID_SCREENSHOTS || 'target/screenshots');
const CORPUS = new URL('../userscript-corpus/', import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sha256 = (text) => createHash('sha256').update(text).digest('base64');

// Libraries a case may name in `{{REQUIRE:name}}`: npm packages the test data installs.
const LIBRARIES = {
  jquery: new URL('../node_modules/jquery/dist/jquery.min.js', import.meta.url),
  underscore: new URL('../node_modules/underscore/underscore-umd-min.js', import.meta.url),
  lodash: new URL('../node_modules/lodash/lodash.min.js', import.meta.url),
};

/** Every case: its name, script, page, expectations and the files it serves. */
function cases() {
  return readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort().map((name) => {
    const dir = new URL(`${name}/`, CORPUS);
    const read = (file) => readFileSync(new URL(file, dir), 'utf8');
    const spec = JSON.parse(read('case.json'));
    const extra = readdirSync(dir).filter((f) => !['script.user.js', 'page.html', 'case.json'].includes(f));
    return { name, script: read('script.user.js'), page: read('page.html'), spec, extra: Object.fromEntries(extra.map((f) => [f, read(f)])) };
  });
}

/** The script's text with the page's origin and its `@require`s (pinned by their hash) filled in. */
function fill(text, origin, name, extra) {
  return text
    .replaceAll('{{ORIGIN}}', origin)
    .replace(/\{\{REQUIRE:([\w./-]+)\}\}/g, (_, lib) => {
      if (lib.startsWith('./')) return `${origin}/c/${name}/${lib.slice(2)}#sha256=${sha256(extra[lib.slice(2)])}`;
      if (!Object.hasOwn(LIBRARIES, lib)) throw new Error(`${name}: no library ${lib}`);
      return `${origin}/lib/${lib}.js#sha256=${sha256(readFileSync(LIBRARIES[lib], 'utf8'))}`;
    });
}

/** Polls `expect` (expression → value) in the page until all hold or `ms` pass; returns the last values. */
async function until(driver, expect, ms) {
  const exprs = Object.keys(expect);
  const deadline = Date.now() + ms;
  let got;
  for (;;) {
    got = await driver.executeScript(`const out = {}; for (const e of arguments[0]) { try { out[e] = JSON.parse(JSON.stringify(new Function('return (' + e + ')')() ?? null)); } catch (err) { out[e] = 'threw: ' + err.message; } } return out;`, exprs);
    if (exprs.every((e) => JSON.stringify(got[e]) === JSON.stringify(expect[e]))) return got;
    if (Date.now() > deadline) return got;
    await sleep(150);
  }
}

async function act(driver, action) {
  if (action.click) await driver.executeScript('document.querySelector(arguments[0]).click()', action.click);
  else if (action.type) await driver.findElement(By.css(action.type[0])).sendKeys(action.type[1]);
  else if (action.key) await driver.findElement(By.css(action.key[0])).sendKeys(action.key[1]);
  else if (action.hover) await driver.actions().move({ origin: await driver.findElement(By.css(action.hover)) }).perform();
  else if (action.doubleClick) await driver.actions().doubleClick(await driver.findElement(By.css(action.doubleClick))).perform();
  else if (action.choose) await driver.findElement(By.css(`${action.choose[0]} option[value="${action.choose[1]}"]`)).click();
  else if (action.wait) await sleep(action.wait);
  else if (action.scroll !== undefined) await driver.executeScript('window.scrollTo(0, arguments[0])', action.scroll);
  else if (action.reload) await driver.navigate().refresh();
  else throw new Error(`unknown action ${JSON.stringify(action)}`);
}

const CASES = existsSync(CORPUS) ? cases() : [];

for (const [browser, ext] of BROWSERS) {
  describe(`the userscript corpus in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, other, driver, session;
    before(async () => {
      server = await startPageServer();
      other = await startPageServer();
      for (const [lib, file] of Object.entries(LIBRARIES)) server.serve(`/lib/${lib}.js`, 'text/javascript; charset=utf-8', readFileSync(file, 'utf8'));
      for (const c of CASES) {
        server.serve(`/c/${c.name}/index.html`, 'text/html; charset=utf-8', c.page.replaceAll('{{OTHER}}', other.origin));
        for (const [file, text] of Object.entries(c.extra)) {
          const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : file.endsWith('.html') ? 'text/html' : 'text/plain';
          server.serve(`/c/${c.name}/${file}`, `${type}; charset=utf-8`, text.replaceAll('{{OTHER}}', other.origin));
        }
      }
      driver = await launch(browser, ext);
      session = userscriptSession(driver, browser, ext);
      await waitForBackground(driver, browser, ext);
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
      other?.close();
    });

    it(`has at least 20 cases (${CASES.length})`, () => {
      assert.ok(CASES.length >= 20, `${CASES.length} cases`);
    });

    for (const c of CASES) {
      it(`${c.name}: ${c.spec.about}`, async () => {
        const { page, id } = await session.paste(fill(c.script, server.origin, c.name, c.extra));
        assert.equal(page.verdict, 'ok', page.text);
        const hitsBefore = other.hits.length;
        await driver.get(`${server.origin}/c/${c.name}/index.html${c.spec.query ?? ''}`);
        const history = async () => JSON.stringify((await session.storage())[`paranoid:us:history:${id}`] ?? null);
        if (c.spec.expect) {
          const got = await until(driver, c.spec.expect, 15000);
          assert.deepEqual(got, c.spec.expect, `before any action; the script's history: ${await history()}`);
        }
        for (const action of c.spec.actions ?? []) await act(driver, action);
        if (c.spec.after) {
          const got = await until(driver, c.spec.after, 15000);
          assert.deepEqual(got, c.spec.after, `after the actions; the script's history: ${await history()}`);
        }
        mkdirSync(SHOTS, { recursive: true });
        writeFileSync(path.join(SHOTS, `corpus-${c.name}-${browser}.png`), Buffer.from(await driver.takeScreenshot(), 'base64'));
        assert.deepEqual(other.hits.slice(hitsBefore).map((h) => h.url), [], 'no request reached the other host');
        // Each case runs alone on its page: the next case's page is not this script's.
        await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
      });
    }
  });
}
