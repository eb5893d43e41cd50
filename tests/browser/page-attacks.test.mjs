// The page against its sandboxes, in both browsers: a page script can neither find the frame,
// forge commands to it, nor read its results; removing the frame is noticed and reported. The
// hostile pages of tests/page-attacks/ are run by page-attack-corpus.test.mjs.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, startServer } from '../harness/sandbox-run.mjs';
/* global document, window */ // in the functions run in the page by executeScript

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];

// Waits one virtual (and so about one real) second, then reports.
const SLOW = 'var __result = "waiting"; setTimeout(() => { __result = "done"; }, 1000);';

/**
 * In the page: starts a run through the test hook, attacks after 200 ms with `attack` (a function
 * body run in the page), and resolves with the run's result and what the attack saw.
 */
async function runUnderAttack(driver, attack) {
  await driver.manage().setTimeouts({ script: 60_000 });
  return JSON.parse(await driver.executeAsyncScript(function (source, attackBody, done) {
    const seen = {};
    const request = { id: 7, files: [{ name: 'slow.js', source }], shared: true, waitMs: 5000, reports: ['__result'] };
    // Anyone may listen to the result event: what matters is that nothing else reaches the page.
    document.addEventListener('paranoid-test:result', (e) => done(JSON.stringify({ answer: JSON.parse(e.detail), seen })));
    document.dispatchEvent(new CustomEvent('paranoid-test:run', { detail: JSON.stringify(request) }));
    setTimeout(() => {
      try { new Function('seen', attackBody)(seen); } catch (error) { seen.error = String(error); }
    }, 200);
  }, SLOW, attack));
}

for (const [browser, ext] of BROWSERS) {
  describe(`the page against its sandbox, in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, origin, driver;
    before(async () => {
      ({ server, origin } = await startServer(ext));
      driver = await launch(browser, ext);
      await openPage(driver, origin);
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
    });

    it('cannot find the frame or its keys', async () => {
      const { answer, seen } = await runUnderAttack(driver, `
        const host = [...document.documentElement.children].find((e) => e !== document.head && e !== document.body) || null;
        seen.host = host !== null;
        seen.shadowRoot = host ? host.shadowRoot : 'no host';
        seen.iframes = document.querySelectorAll('iframe').length;
        seen.frames = window.frames.length;
      `);
      assert.equal(seen.host, true, 'the host element is in the page (it must be, to render the frame)');
      assert.equal(seen.shadowRoot, null, 'the shadow root is closed');
      assert.equal(seen.iframes, 0, 'no iframe is visible to the page');
      if (browser === 'chromium') assert.equal(seen.frames, 0, 'window.frames does not count it');
      assert.equal(answer.results[0].report.__result, 'done');
    });

    it('cannot forge an init or a command through any window it can reach', async () => {
      const { answer, seen } = await runUnderAttack(driver, `
        seen.posted = 0;
        for (let i = 0; i < window.frames.length; i++) {
          const w = window.frames[i];
          const channel = new MessageChannel();
          channel.port1.onmessage = (e) => { seen.answered = JSON.stringify(e.data); };
          w.postMessage({ key: '0'.repeat(32) }, '*', [channel.port2]);
          w.postMessage({ type: 'run', id: 1, source: '__result = "forged"' }, '*');
          w.postMessage({ type: 'kill', reason: 'forged' }, '*');
          seen.posted++;
        }
      `);
      assert.equal(seen.answered, undefined, 'no frame answered a forged init');
      assert.equal(answer.results[0].status, 'ok');
      assert.equal(answer.results[0].report.__result, 'done');
    });

    it('sees the host rendered as one pixel, but cannot hit, click or focus the frame in it', async () => {
      // A page script's view: where the host is, what hit testing and focus give.
      const { answer, seen } = await runUnderAttack(driver, `
        const host = [...document.documentElement.children].find((e) => e !== document.head && e !== document.body);
        const r = host.getBoundingClientRect();
        seen.rect = [r.left, r.top, r.width, r.height];
        seen.hit = document.elementsFromPoint(0, 0).includes(host);
        host.focus();
        seen.focused = document.activeElement === host;
        seen.inert = host.inert;
      `);
      assert.deepEqual(seen.rect, [0, 0, 1, 1], 'one pixel at the top left');
      assert.equal(seen.hit, false, 'never a hit-test target');
      assert.equal(seen.focused, false, 'not focusable');
      assert.equal(seen.inert, true);
      assert.equal(answer.results[0].report.__result, 'done');

      // A user's view: a real click on that pixel and real Tab presses never reach the frame.
      await driver.executeScript(function (source) {
        window.__answer = null;
        window.__clicked = [];
        document.addEventListener('click', (e) => window.__clicked.push(e.target.localName), true);
        document.addEventListener('paranoid-test:result', (e) => { window.__answer = JSON.parse(e.detail); }, { once: true });
        document.dispatchEvent(new CustomEvent('paranoid-test:run', { detail: JSON.stringify({ id: 8, files: [{ name: 'slow.js', source }], shared: true, waitMs: 5000, reports: ['__result'] }) }));
      }, SLOW);
      await new Promise((r) => setTimeout(r, 300));
      await driver.actions().move({ x: 0, y: 0, origin: 'viewport' }).click().perform();
      const focusedHost = [];
      for (let i = 0; i < 8; i++) {
        await driver.actions().sendKeys('\uE004').perform(); // Tab
        focusedHost.push(await driver.executeScript('const a = document.activeElement; return !!a && a.parentNode === document.documentElement && a !== document.head && a !== document.body'));
      }
      let done = null;
      for (let i = 0; i < 100 && done === null; i++) { done = await driver.executeScript('return window.__answer'); if (done === null) await new Promise((r) => setTimeout(r, 100)); }
      assert.deepEqual(focusedHost, Array(8).fill(false), 'Tab never lands on the sandbox\'s host');
      assert.notEqual(await driver.executeScript('return window.__clicked.length'), 0, 'the click reached the page');
      assert.equal(await driver.executeScript('return window.__clicked.includes("div")'), false, 'and not the host');
      assert.equal(done?.results?.[0]?.report?.__result, 'done', 'the sandbox ran on, untouched');
    });

    it('removing the frame is reported, and the run ends', async () => {
      const { answer } = await runUnderAttack(driver, `
        [...document.documentElement.children].find((e) => e !== document.head && e !== document.body).remove();
      `);
      const r = answer.results[0];
      assert.equal(r.status, 'error');
      assert.match(JSON.stringify(r), /removed the sandbox frame/);
      assert.notEqual(r.report.__result, 'done');
    });
  });
}
