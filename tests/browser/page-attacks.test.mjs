// The page against its sandboxes, in both browsers: a page script can neither find the frame,
// forge commands to it, nor read its results; removing the frame is noticed and reported. The
// hostile pages of tests/page-attacks/ are run by page-attack-corpus.test.mjs.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, startServer } from '../harness/sandbox-run.mjs';
/* global document */ // in the functions run in the page by executeScript

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
