// What the userscript browser tests do as a user would, on one driver: wait for the background,
// install a script by pasting it into the settings page (through the install page's review),
// open and close tabs, and read or write the extension's storage from one of its own pages.

import assert from 'node:assert/strict';
import { openExtensionPage, followInstallTab } from './sandbox-run.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The background must be listening before the first navigation, or it never sees it. */
export async function waitForBackground(driver, browser, ext) {
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
}

export function userscriptSession(driver, browser, ext) {
  /** Opens `url` in a new tab (a page the user opens) and returns the tab's handle. */
  const openTab = async (url) => {
    await driver.switchTo().newWindow('tab');
    await driver.get(url);
    return driver.getWindowHandle();
  };
  const closeBackTo = async (handle) => { await driver.close(); await driver.switchTo().window(handle); };
  const readInstallPage = () => driver.executeScript(`return {
    verdict: document.body.dataset.verdict, title: document.getElementById('title').textContent,
    text: document.querySelector('main').innerText, disabled: document.getElementById('install').disabled,
    origin: document.getElementById('origin')?.textContent ?? null }`);
  const clickInstall = async () => {
    await driver.executeScript('document.getElementById("install").click()');
    for (let i = 0; i < 100 && !(await driver.executeScript('return document.body?.dataset.installed || ""')); i++) await sleep(100);
    return driver.executeScript('return document.body?.dataset.installed || ""');
  };
  /** storage.local, read from an extension page. */
  const storage = async () => {
    const page = await driver.getWindowHandle();
    await openExtensionPage(driver, browser, ext, 'ui/options.html');
    await driver.manage().setTimeouts({ script: 10000 });
    const all = await driver.executeAsyncScript(function (done) { (globalThis.browser ?? globalThis.chrome).storage.local.get(null).then(done); });
    await closeBackTo(page);
    return all;
  };
  /** Writes what `change(all)` returns into storage.local, from an extension page. */
  const setStorage = async (change) => {
    const items = await change(await storage());
    const page = await driver.getWindowHandle();
    await openExtensionPage(driver, browser, ext, 'ui/options.html');
    await driver.executeAsyncScript(function (items, done) { (globalThis.browser ?? globalThis.chrome).storage.local.set(items).then(done); }, items);
    await closeBackTo(page);
  };
  /** storage.local once `ready(all)`, read every half second for up to 30 s. */
  const storageUntil = async (ready, what) => {
    const deadline = Date.now() + 30000;
    for (;;) {
      const all = await storage();
      if (ready(all)) return all;
      // The builds (transpiled code) would fill the message: the rest (histories first) says why.
      const told = Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith('paranoid:us:built:')).sort(([a], [b]) => Number(!a.includes(':history:')) - Number(!b.includes(':history:'))));
      if (Date.now() > deadline) assert.fail(`${what}: ${JSON.stringify(told).slice(0, 3000)}`);
      await sleep(500);
    }
  };
  const valuesOf = (all, id) => Object.fromEntries(Object.entries(all[`paranoid:us:values:${id}`] ?? {}).map(([k, v]) => [k, JSON.parse(v)]));
  /**
   * Installs `text` by pasting it, as a user would; returns the install page and the script's
   * id. `onInstallPage(driver)` acts on the install page before the click (unticks a box, say).
   */
  const paste = async (text, { onInstallPage = null } = {}) => {
    const start = await driver.getWindowHandle();
    await openExtensionPage(driver, browser, ext, 'ui/options.html');
    for (let i = 0; i < 100 && !(await driver.executeScript('return document.body?.dataset.userscripts !== undefined')); i++) await sleep(50);
    await driver.executeScript('document.getElementById("paste").value = arguments[0]; document.getElementById("paste-form").requestSubmit();', text);
    await followInstallTab(driver, browser, ext);
    const page = await readInstallPage();
    if (onInstallPage !== null) await onInstallPage(driver);
    const id = page.verdict === 'ok' ? await clickInstall() : null;
    await closeBackTo(start);
    return { page, id };
  };
  return { openTab, closeBackTo, readInstallPage, clickInstall, storage, setStorage, storageUntil, valuesOf, paste };
}
