// Userscripts that use the page as scripts written for the managers do (`document`,
// `location`, `MutationObserver`, `addEventListener`, jQuery in `@require`), installed through
// the install page and run on local pages shaped like the sites they are written for, in both
// browsers: each is checked for its visible effect on the page. Then the attacker's side: a
// script that tries every kind of change that runs code, loads from another host, navigates or
// submits gets none of them into the page (and its replica is put right), a script the user
// refused "changes this page" changes nothing, and one refused "reads this page" sees an empty
// document and none of the page's events.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { launch } from '../harness/sandbox-run.mjs';
import { startPageServer } from '../harness/page-server.mjs';
import { userscriptSession, waitForBackground } from '../harness/userscript-session.mjs';

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];
const SHOTS = path.resolve(process.env.PARANOID_SCREENSHOTS || 'target/screenshots');
const JQUERY = readFileSync(new URL('../node_modules/jquery/dist/jquery.min.js', import.meta.url), 'utf8');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Unticks a box of the install page before the click (the user refusing a guessed power). */
const untick = (box) => async (d) => { await d.executeScript(`document.getElementById('${box}').checked = false`); };
const sha256 = (text) => createHash('sha256').update(text).digest('base64');
const header = (lines) => `// ==UserScript==\n${lines.map((l) => `// ${l}`).join('\n')}\n// ==/UserScript==\n`;

// Pages shaped like the sites the scripts are written for.
const NEWS = `<!doctype html><html lang="en"><head><title>News</title></head><body>
<header id="top"><h1>Daily News</h1></header>
<div class="ad" id="ad1">Buy now</div>
<ol id="stories">${Array.from({ length: 30 }, (_, i) => `<li class="story" data-id="${i}"><a class="title" href="/item/${i}">Story number ${i}</a> <span class="score">${i * 7} points</span></li>`).join('')}</ol>
<div class="ad sponsored" id="ad2">Sponsored</div>
<p id="notes">Docs at https://example.org/docs and http://example.net/a?b=c, plain text here.</p>
<form id="search"><input id="q" name="q" value="first"></form>
</body></html>`;

// A single-page app: items arrive after the script has run, and the URL changes by pushState.
const APP = `<!doctype html><html><head><title>App</title></head><body>
<main id="feed"></main>
<script>
let n = 0;
function add() { const d = document.createElement('article'); d.className = 'post'; d.textContent = 'post ' + (n++); document.getElementById('feed').append(d); }
add();
setTimeout(() => { add(); add(); history.pushState({}, '', '/app/second'); }, 600);
setTimeout(() => { add(); }, 1200);
</script>
</body></html>`;

// The page a hostile script runs on: a script of the page's own, a style, a password field, a
// form, a link and a frame, each a target.
const TARGET = `<!doctype html><html><head><title>Target</title><style id="page-style">p { color: rgb(0, 0, 0); }</style></head><body>
<p id="para" class="c">Hello</p>
<a id="link" href="/safe">safe</a>
<form id="login" action="/login"><input id="user" name="user" value="alice"><input id="pw" type="password" name="pw" value="hunter2"></form>
<script id="page-script">window.pageOwn = 1;</script>
<div id="box"></div>
</body></html>`;

/**
 * A script that tries every kind of change the page must refuse, each in a try (a refusal in
 * the replica itself is fine too), then, once the page has answered, reports what its replica
 * says of each target.
 */
function hostile(origin, otherOrigin) {
  return header(['@name Hostile writer', '@namespace paranoid-page', '@version 1', `@match ${origin}/target/*`,
    '@grant GM_setValue']) + `
const password = document.getElementById('pw');
const seen = { pwValue: password.value, pwAttr: password.getAttribute('value'), user: document.getElementById('user').value };
const tried = {};
const attempt = (name, f) => { try { f(); tried[name] = 'ran'; } catch (e) { tried[name] = String(e && e.message).slice(0, 80); } };
// No layout (read before the page is changed under it): a box's coordinates throw, naming
// the API; how many boxes says only whether the element is rendered.
attempt('layout-rect', () => document.getElementById('para').getBoundingClientRect());
attempt('layout-box', () => document.getElementById('para').getClientRects()[0].top);
attempt('layout-scroll-into-view', () => document.getElementById('para').scrollIntoView());
attempt('layout-scroll', () => window.scrollTo(0, 0));
const layout = { shown: document.getElementById('para').getClientRects().length, head: document.querySelector('title').getClientRects().length, detached: document.createElement('div').getClientRects().length };
const box = document.getElementById('box');
attempt('script', () => { const s = document.createElement('script'); s.textContent = 'window.pwned = "script"'; box.appendChild(s); });
attempt('script-src', () => { const s = document.createElement('script'); s.src = '${otherOrigin}/script.js'; document.head.appendChild(s); });
attempt('onclick-attr', () => document.getElementById('para').setAttribute('onclick', 'window.pwned = "onclick"'));
attempt('onerror-img', () => { box.innerHTML += '<img src="x" onerror="window.pwned = 1">'; });
attempt('javascript-href', () => document.getElementById('link').setAttribute('href', 'javascript:window.pwned = "href"'));
attempt('other-img', () => { const i = document.createElement('img'); i.src = '${otherOrigin}/img.png'; box.appendChild(i); });
attempt('srcset', () => { const i = document.createElement('img'); i.setAttribute('srcset', '${otherOrigin}/srcset.png 1x'); box.appendChild(i); });
attempt('style-url', () => { document.getElementById('para').style.backgroundImage = 'url(${otherOrigin}/bg.png)'; });
attempt('style-attr-url', () => document.getElementById('para').setAttribute('style', 'background: url(${otherOrigin}/bg2.png)'));
attempt('iframe', () => { const f = document.createElement('iframe'); f.setAttribute('srcdoc', '<script>parent.pwned = 1</' + 'script>'); box.appendChild(f); });
attempt('svg-image', () => { box.innerHTML += '<svg><image href="${otherOrigin}/svg.png"></image></svg>'; });
attempt('form-action', () => document.getElementById('login').setAttribute('action', '${otherOrigin}/steal'));
attempt('formaction', () => { const b = document.createElement('button'); b.setAttribute('formaction', '${otherOrigin}/steal'); document.getElementById('login').appendChild(b); });
attempt('base', () => { const b = document.createElement('base'); b.href = '${otherOrigin}/'; document.head.appendChild(b); });
attempt('meta-refresh', () => { const m = document.createElement('meta'); m.httpEquiv = 'refresh'; m.content = '0;url=${otherOrigin}/'; document.head.appendChild(m); });
attempt('link-css', () => { const l = document.createElement('link'); l.rel = 'stylesheet'; l.href = '${otherOrigin}/x.css'; document.head.appendChild(l); });
attempt('object', () => { const o = document.createElement('object'); o.data = '${otherOrigin}/o'; box.appendChild(o); });
attempt('page-script-text', () => { document.getElementById('page-script').textContent = 'window.pwned = "edited"'; });
attempt('page-style-text', () => { document.getElementById('page-style').textContent = 'p { background: url(${otherOrigin}/css.png) }'; });
attempt('remove-body', () => document.body.remove());
attempt('move-head', () => document.body.appendChild(document.head));
attempt('location', () => { location.href = '${otherOrigin}/nav'; });
attempt('open', () => window.open('${otherOrigin}/open'));
attempt('cookie', () => document.cookie);
attempt('history-push', () => history.pushState(null, '', '/target/moved'));
attempt('history-back', () => history.back());
setTimeout(() => {
  GM_setValue('report', {
    tried, seen, layout,
    after: {
      onclick: document.getElementById('para').getAttribute('onclick'),
      href: document.getElementById('link').getAttribute('href'),
      action: document.getElementById('login').getAttribute('action'),
      pageScript: document.getElementById('page-script').textContent,
      bodyThere: document.body !== null && document.body.parentNode === document.documentElement,
    },
  });
}, 1500);
`;
}

function scripts(origin) {
  return {
    // Hide elements: the commonest userscript of all.
    hider: header(['@name Hide ads', '@namespace paranoid-page', '@version 1', `@match ${origin}/news/*`, '@grant none']) + `
document.querySelectorAll('.ad, .sponsored').forEach((el) => el.remove());
document.title = '[clean] ' + document.title;
`,
    // Restyle and rank: reads text, sets styles and classes, reorders a list.
    ranker: header(['@name Rank stories', '@namespace paranoid-page', '@version 1', `@match ${origin}/news/*`, '@run-at document-idle', '@grant GM_addStyle']) + `
GM_addStyle('.hot { font-weight: bold; }');
const list = document.getElementById('stories');
const items = [...list.querySelectorAll('li.story')];
items.sort((a, b) => parseInt(b.querySelector('.score').textContent) - parseInt(a.querySelector('.score').textContent));
for (const li of items) list.appendChild(li);
items.slice(0, 3).forEach((li) => { li.classList.add('hot'); li.style.backgroundColor = 'rgb(255, 250, 200)'; li.dataset.rank = 'top'; });
`,
    // A button that acts and remembers, with a click listener and stored state.
    counter: header(['@name Click counter', '@namespace paranoid-page', '@version 1', `@match ${origin}/news/*`,
      '@grant GM_getValue', '@grant GM_setValue']) + `
const button = document.createElement('button');
button.id = 'us-counter';
button.type = 'button';
let clicks = GM_getValue('clicks', 0);
button.textContent = 'Clicked ' + clicks;
button.addEventListener('click', (event) => {
  clicks += 1;
  button.textContent = 'Clicked ' + clicks;
  GM_setValue('clicks', clicks);
  GM_setValue('target', event.target === button);
});
document.querySelector('header').appendChild(button);
// A link of its own with a listener: its default (following the link) is prevented.
const link = document.createElement('a');
link.id = 'us-link';
link.href = '/news/elsewhere.html';
link.textContent = 'Reset';
link.addEventListener('click', (event) => { event.preventDefault(); clicks = 0; button.textContent = 'Reset'; });
document.querySelector('header').appendChild(link);
`,
    // Linkify: walks text nodes and replaces URLs with links.
    linkify: header(['@name Linkify', '@namespace paranoid-page', '@version 1', `@match ${origin}/news/*`, '@grant none']) + `
const walker = document.createTreeWalker(document.getElementById('notes'), NodeFilter.SHOW_TEXT);
const texts = [];
while (walker.nextNode()) texts.push(walker.currentNode);
for (const text of texts) {
  const parts = text.data.split(/(https?:\\/\\/[^\\s,]+)/);
  if (parts.length === 1) continue;
  const frag = document.createDocumentFragment();
  parts.forEach((part, i) => {
    if (i % 2 === 0) { if (part) frag.appendChild(document.createTextNode(part)); return; }
    const a = document.createElement('a'); a.href = part; a.textContent = part; a.className = 'linkified'; frag.appendChild(a);
  });
  text.parentNode.replaceChild(frag, text);
}
`,
    // jQuery from @require, pinned by its hash, as many scripts do.
    jq: header(['@name jQuery marker', '@namespace paranoid-page', '@version 1', `@match ${origin}/news/*`,
      `@require ${origin}/lib/jquery.min.js#sha256=${sha256(JQUERY)}`, '@grant none']) + `
$(function () {
  $('li.story').each(function () { $(this).attr('data-seen', 'yes'); });
  $('#top').append($('<span id="jq-version">').text('jQuery ' + $.fn.jquery));
  $('#q').val('typed by jQuery');
});
`,
    // GM_addElement, as the managers give it: a style, an element, and what it may not add.
    adder: header(['@name Element adder', '@namespace paranoid-page', '@version 1', `@match ${origin}/news/*`, '@grant GM_addElement']) + `
GM_addElement('style', { textContent: '.us-added { color: rgb(0, 128, 0); }' });
const span = GM_addElement(document.querySelector('header'), 'span', { id: 'us-added', class: 'us-added', textContent: 'added' });
span.title = 'made by GM_addElement';
GM_addElement('script', { textContent: 'window.pwned = "addElement"' });
GM_addElement('img', { src: 'OTHER_ORIGIN/added.png' });
`,
    // An SPA watcher: MutationObserver on the feed, and location that follows pushState.
    watcher: header(['@name Feed watcher', '@namespace paranoid-page', '@version 1', `@match ${origin}/app/*`, '@grant GM_setValue']) + `
const mark = () => document.querySelectorAll('article.post:not([data-marked])').forEach((p) => { p.dataset.marked = '1'; p.textContent += ' ✓'; });
mark();
new MutationObserver(() => { mark(); GM_setValue('path', location.pathname); }).observe(document.getElementById('feed'), { childList: true });
`,
  };
}

for (const [browser, ext] of BROWSERS) {
  describe(`userscripts that use the page in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, other, driver, session;
    const ids = {};
    before(async () => {
      server = await startPageServer();
      other = await startPageServer();
      server.serve('/news/index.html', 'text/html; charset=utf-8', NEWS);
      server.serve('/app/index.html', 'text/html; charset=utf-8', APP);
      server.serve('/lib/jquery.min.js', 'text/javascript; charset=utf-8', JQUERY);
      driver = await launch(browser, ext);
      session = userscriptSession(driver, browser, ext);
      await waitForBackground(driver, browser, ext);
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
      other?.close();
    });

    it('installs them, saying that they read and change the page, guessed from their code', async () => {
      mkdirSync(SHOTS, { recursive: true });
      const shoot = async (d) => { writeFileSync(path.join(SHOTS, `install-page-access-${browser}.png`), Buffer.from(await d.takeScreenshot(), 'base64')); };
      for (const [name, text] of Object.entries(scripts(server.origin)).map(([n, t]) => [n, t.replaceAll('OTHER_ORIGIN', other.origin)])) {
        const { page, id } = await session.paste(text, { onInstallPage: name === 'counter' ? shoot : null });
        assert.equal(page.verdict, 'ok', `${name}: ${page.text}`);
        assert.match(page.text, /Reads the pages it runs on/, name);
        assert.match(page.text, /Changes the pages it runs on/, name);
        ids[name] = id;
      }
    });

    it('runs them on a news page: each does its job, visibly', async () => {
      await driver.get(`${server.origin}/news/index.html`);
      const state = () => driver.executeScript(`return {
        ads: document.querySelectorAll('.ad').length,
        title: document.title,
        first: document.querySelector('#stories li').dataset.id,
        hot: [...document.querySelectorAll('li.hot')].map((li) => li.dataset.id + ':' + li.dataset.rank + ':' + li.style.backgroundColor),
        button: document.getElementById('us-counter')?.textContent ?? null,
        links: [...document.querySelectorAll('#notes a.linkified')].map((a) => a.getAttribute('href')),
        seen: document.querySelectorAll('li[data-seen=yes]').length,
        jq: document.getElementById('jq-version')?.textContent ?? null,
        added: [document.getElementById('us-added')?.title ?? null, document.getElementById('us-added') ? getComputedStyle(document.getElementById('us-added')).color : null, window.pwned ?? null, [...document.querySelectorAll('img')].map((i) => i.getAttribute('src'))],
        q: document.getElementById('q').value,
        bold: getComputedStyle(document.querySelector('li.story')).fontWeight,
      }`);
      let s;
      for (let i = 0; i < 100; i++) {
        s = await state();
        if (s.ads === 0 && s.hot.length === 3 && s.button && s.links.length === 2 && s.seen === 30 && s.jq && s.title.startsWith('[clean]') && s.added[1] === 'rgb(0, 128, 0)') break;
        await sleep(100);
      }
      assert.equal(s.ads, 0, 'the ads are gone');
      assert.equal(s.title, '[clean] News');
      assert.equal(s.first, '29', 'the list is sorted by score');
      assert.deepEqual(s.hot, ['29:top:rgb(255, 250, 200)', '28:top:rgb(255, 250, 200)', '27:top:rgb(255, 250, 200)']);
      assert.equal(s.bold, '700', 'GM_addStyle beside the replica');
      assert.equal(s.button, 'Clicked 0');
      assert.deepEqual(s.links, ['https://example.org/docs', 'http://example.net/a?b=c']);
      assert.equal(s.seen, 30);
      assert.match(s.jq, /^jQuery 3\./);
      assert.equal(s.q, 'typed by jQuery');
      // The image is made, as the policy makes one, without the src from another host.
      assert.deepEqual(s.added, ['made by GM_addElement', 'rgb(0, 128, 0)', null, [null]], 'GM_addElement: the span and the style, not the script or the image\'s source');
      assert.deepEqual(other.hits.map((h) => h.path), []);
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(path.join(SHOTS, `page-replica-news-${browser}.png`), Buffer.from(await driver.takeScreenshot(), 'base64'));
    });

    it('delivers a click on its own button to its listener, and remembers it', async () => {
      await driver.executeScript('document.getElementById("us-counter").click()');
      await driver.executeScript('document.getElementById("us-counter").click()');
      let text;
      for (let i = 0; i < 50; i++) {
        text = await driver.executeScript('return document.getElementById("us-counter").textContent');
        if (text === 'Clicked 2') break;
        await sleep(100);
      }
      assert.equal(text, 'Clicked 2');
      // The script stores `clicks` then `target`, one write after the other: wait for both.
      const all = await session.storageUntil((a) => session.valuesOf(a, ids.counter).clicks === 2 && session.valuesOf(a, ids.counter).target !== undefined, 'the clicks were not stored');
      assert.equal(session.valuesOf(all, ids.counter).target, true, 'the event\'s target is the script\'s own button');
      await driver.navigate().refresh();
      for (let i = 0; i < 50; i++) {
        text = await driver.executeScript('return document.getElementById("us-counter")?.textContent ?? null');
        if (text === 'Clicked 2') break;
        await sleep(100);
      }
      assert.equal(text, 'Clicked 2', 'the count survives a reload');
      await driver.executeScript('document.getElementById("us-link").click()');
      for (let i = 0; i < 50; i++) {
        text = await driver.executeScript('return document.getElementById("us-counter")?.textContent ?? null');
        if (text === 'Reset') break;
        await sleep(100);
      }
      assert.equal(text, 'Reset', 'the link\'s listener ran');
      assert.equal(await driver.executeScript('return location.pathname'), '/news/index.html', 'and the link was not followed');
    });

    it('follows a single-page app: MutationObserver sees what the page adds, location follows pushState', async () => {
      await driver.get(`${server.origin}/app/index.html`);
      let s;
      for (let i = 0; i < 60; i++) {
        s = await driver.executeScript('return [...document.querySelectorAll("article.post")].map((p) => p.textContent)');
        if (s.length === 4 && s.every((t) => t.endsWith('✓'))) break;
        await sleep(100);
      }
      assert.deepEqual(s, ['post 0 ✓', 'post 1 ✓', 'post 2 ✓', 'post 3 ✓']);
      const all = await session.storageUntil((a) => session.valuesOf(a, ids.watcher).path === '/app/second', 'location did not follow pushState');
      assert.equal(session.valuesOf(all, ids.watcher).path, '/app/second');
    });

    it('applies none of a hostile script\'s changes that run code, load, navigate or submit, and puts its replica right', async () => {
      server.serve('/target/index.html', 'text/html; charset=utf-8', TARGET);
      // The install page guesses that it opens pages (it assigns location): the user says no.
      const { page, id } = await session.paste(hostile(server.origin, other.origin), { onInstallPage: untick('page-navigate') });
      assert.equal(page.verdict, 'ok', page.text);
      assert.match(page.text, /Opens pages/);
      await driver.get(`${server.origin}/target/index.html`);
      const all = await session.storageUntil((a) => session.valuesOf(a, id).report, 'the hostile script did not report');
      const { tried, seen, after, layout } = session.valuesOf(all, id).report;
      const state = await driver.executeScript(`return {
        pwned: window.pwned ?? null, pageOwn: window.pageOwn,
        scripts: document.scripts.length, onclick: document.getElementById('para').getAttribute('onclick'),
        href: document.getElementById('link').getAttribute('href'), action: document.getElementById('login').getAttribute('action'),
        style: document.getElementById('para').getAttribute('style'), styleText: document.getElementById('page-style').textContent,
        box: document.getElementById('box').innerHTML, head: [...document.head.children].map((e) => e.localName).join(','),
        bodyThere: document.body !== null, formKids: document.getElementById('login').children.length, url: location.pathname,
      }`);
      assert.deepEqual(state, {
        pwned: null, pageOwn: 1, scripts: 1, onclick: null, href: '/safe', action: '/login', style: null,
        styleText: 'p { color: rgb(0, 0, 0); }', box: '', head: 'title,style', bodyThere: true, formKids: 2, url: '/target/index.html',
      }, JSON.stringify(tried));
      assert.deepEqual(other.hits.map((h) => h.path), [], 'nothing was loaded from the other host');
      assert.deepEqual(seen, { pwValue: '', pwAttr: null, user: 'alice' }, 'a password field\'s value is never in the replica');
      assert.deepEqual(after, { onclick: null, href: '/safe', action: '/login', pageScript: 'window.pageOwn = 1;', bodyThere: true }, 'the replica was put right from the page');
      for (const name of ['location', 'open', 'cookie', 'history-push', 'history-back']) assert.match(tried[name], /not available to a sandboxed userscript/, name);
      assert.match(tried['layout-rect'], /^getBoundingClientRect\(\) is not available to a sandboxed userscript: there is no/);
      assert.match(tried['layout-box'], /^an element's box \(top\) is not available to a sandboxed userscript/);
      // Scrolling is a change the page may have (below, the scrolling test).
      assert.equal(tried['layout-scroll-into-view'], 'ran');
      assert.equal(tried['layout-scroll'], 'ran');
      assert.deepEqual(layout, { shown: 1, head: 0, detached: 0 }, 'an element has a box only when rendered');
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });

    it('gives a script holding a replica no way out through it: no network, no code, no real global, no transpiled text', async () => {
      const prober = header(['@name Replica escape', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/target/*`, '@grant GM_setValue']) + `
const found = {};
const probe = (name, f) => { try { const v = f(); found[name] = v === undefined ? 'undefined' : v === null ? 'null' : typeof v; } catch (e) { found[name] = e && e.name; } };
probe('fetch', () => fetch);
probe('xhr', () => XMLHttpRequest);
probe('importScripts', () => importScripts);
probe('viewFetch', () => document.defaultView && document.defaultView.fetch);
probe('ownerFetch', () => document.body.ownerDocument.defaultView && document.body.ownerDocument.defaultView.fetch);
probe('constructorChain', () => document.constructor.constructor('return typeof fetch')() === 'undefined' ? undefined : 'reached');
probe('functionGlobal', () => Function('return globalThis')().fetch);
probe('library', () => globalThis.paranoidDomino);
probe('xpathLibrary', () => globalThis.paranoidXPath);
probe('chrome', () => chrome);
probe('browser', () => browser);
// unsafeWindow is the script's own window: the page's objects (and a fetch it was refused) throw.
probe('unsafeWindow', () => unsafeWindow.fetch);
probe('unsafeWindowIsOwn', () => (unsafeWindow.document === document && unsafeWindow.GM_setValue === GM_setValue ? undefined : 'another window'));
probe('top', () => window.top && window.top.fetch);
probe('scriptRuns', () => { const s = document.createElement('script'); s.textContent = 'globalThis.ranInReplica = 1'; document.head.appendChild(s); return globalThis.ranInReplica; });
probe('handlerRuns', () => { const d = document.createElement('div'); d.setAttribute('onclick', 'globalThis.ranInReplica = 2'); d.click(); return globalThis.ranInReplica; });
probe('parserRuns', () => { new DOMParser().parseFromString('<script>globalThis.ranInReplica = 3<' + '/script><img src=x onerror="globalThis.ranInReplica = 4">', 'text/html'); return globalThis.ranInReplica; });
probe('writeRuns', () => { document.write && document.write('<script>globalThis.ranInReplica = 5<' + '/script>'); return globalThis.ranInReplica; });
// The replica's and the GM API's functions look native, as the browser's and a manager's own;
// the script's own show their text.
const mine = function (a) { /* mine */ return a; };
found.shown = [document.querySelector, document.createElement, MutationObserver, GM_setValue, mine].map((f) => Function.prototype.toString.call(f));
GM_setValue('found', found);
`;
      // It names fetch, so it is offered requests to its own site: the user refuses.
      const { page, id } = await session.paste(prober, { onInstallPage: untick('page-requests') });
      assert.equal(page.verdict, 'ok', page.text);
      assert.match(page.text, /Sends requests with fetch/);
      await driver.get(`${server.origin}/target/index.html`);
      const all = await session.storageUntil((a) => session.valuesOf(a, id).found, 'the prober did not report');
      const found = session.valuesOf(all, id).found;
      for (const name of ['fetch', 'xhr', 'importScripts', 'chrome', 'browser']) assert.equal(found[name], 'ReferenceError', `${name}: ${JSON.stringify(found)}`);
      assert.equal(found.unsafeWindow, 'TypeError', JSON.stringify(found));
      assert.equal(found.unsafeWindowIsOwn, 'undefined', JSON.stringify(found));
      for (const name of ['viewFetch', 'ownerFetch', 'constructorChain', 'functionGlobal', 'library', 'xpathLibrary', 'top', 'scriptRuns', 'handlerRuns', 'parserRuns']) {
        assert.ok(['undefined', 'null', 'TypeError', 'ReferenceError', 'Error'].includes(found[name]), `${name}: ${JSON.stringify(found)}`);
      }
      assert.ok(['undefined', 'Error', 'TypeError'].includes(found.writeRuns), JSON.stringify(found));
      // (domino names its methods by their descriptor's key: `querySelector.name` is "value".)
      for (const shown of found.shown.slice(0, 4)) assert.match(shown, /^function [\w$]*\(\) \{ \[native code\] \}$/, JSON.stringify(found.shown));
      assert.deepEqual(found.shown.slice(2), ['function MutationObserver() { [native code] }', 'function GM_setValue() { [native code] }', 'function (a) { /* mine */ return a; }']);
      assert.equal(await driver.executeScript('return window.ranInReplica ?? null'), null);
      assert.deepEqual(other.hits.map((h) => h.path), []);
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });

    it('never tells a listening script what is typed into a password field, in the page or in a closed shadow root', async () => {
      server.serve('/keys/index.html', 'text/html; charset=utf-8', `<!doctype html><html><body>
<input id="user" name="user"><input id="pw" type="password" name="pw"><div id="host"></div>
<script>
const root = document.getElementById('host').attachShadow({ mode: 'closed' });
root.innerHTML = '<input id="inner" type="password">';
window.focusInner = () => root.getElementById('inner').focus();
window.innerValue = () => root.getElementById('inner').value;
</script></body></html>`);
      const logger = header(['@name Key logger', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/keys/*`, '@grant GM_setValue']) + `
const heard = [];
for (const type of ['keydown', 'keyup', 'input', 'change']) {
  document.addEventListener(type, (e) => {
    heard.push([type, e.key ?? null, e.target && e.target.id ? e.target.id : e.target && e.target.localName, e.target && typeof e.target.value === 'string' ? e.target.value : null]);
    GM_setValue('heard', heard);
  }, true);
}
GM_setValue('ready', true);
`;
      const { page, id } = await session.paste(logger);
      assert.equal(page.verdict, 'ok', page.text);
      await driver.get(`${server.origin}/keys/index.html`);
      await session.storageUntil((a) => session.valuesOf(a, id).ready, 'the logger did not start');
      await sleep(300);
      const { By } = await import('selenium-webdriver');
      await driver.findElement(By.id('pw')).sendKeys('hunter2');
      await driver.executeScript('window.focusInner()');
      await driver.actions().sendKeys('s3cret').perform();
      assert.equal(await driver.executeScript('return window.innerValue()'), 's3cret', 'the shadow field got the keys');
      await driver.findElement(By.id('user')).sendKeys('ab');
      const all = await session.storageUntil((a) => (session.valuesOf(a, id).heard ?? []).filter((h) => h[0] === 'input' && h[2] === 'user').length >= 2, 'the logger heard nothing of the user field');
      const heard = session.valuesOf(all, id).heard;
      const told = JSON.stringify(heard);
      for (const secret of ['h', 'u', 'n', 't', 'e', 'r', '2', 's', '3', 'c']) {
        assert.ok(!heard.some((h) => h[1] === secret), `the key ${secret} was told: ${told}`);
      }
      assert.ok(!told.includes('hunter2') && !told.includes('s3cret') && !told.includes('hunter') && !told.includes('s3c'), told);
      assert.ok(heard.some((h) => h[0] === 'keydown' && h[1] === 'a' && h[2] === 'user'), `keys in other fields are told: ${told}`);
      assert.ok(heard.some((h) => h[0] === 'input' && h[2] === 'user' && h[3] === 'ab'), told);
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });

    it('keeps the changes of a script refused "changes this page" in its replica, and gives one refused "reads this page" an empty document', async () => {
      const readOnly = header(['@name Read only', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/target/*`, '@grant GM_setValue']) + `
document.getElementById('para').textContent = 'changed by a reader';
document.getElementById('box').appendChild(document.createElement('b')).textContent = 'added by a reader';
GM_setValue('seen', { own: document.getElementById('para').textContent, title: document.title, links: document.querySelectorAll('a[href]').length });
`;
      const writeOnly = header(['@name Write only', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/target/*`, '@grant GM_setValue']) + `
const seen = { elements: document.querySelectorAll('*').length, text: document.body.textContent, para: document.getElementById('para'), title: document.title, href: location.href.replace(/^https?:\\/\\/[^/]*/, ''), historyLength: history.length };
const banner = document.createElement('div');
banner.id = 'banner';
banner.textContent = 'added without reading';
document.body.appendChild(banner);
let clicks = 0;
document.addEventListener('click', () => { clicks += 1; });
setTimeout(() => GM_setValue('seen', { ...seen, para: seen.para === null, clicks }), 1500);
`;
      const reader = await session.paste(readOnly, { onInstallPage: untick('page-write') });
      const writer = await session.paste(writeOnly, { onInstallPage: untick('page-read') });
      await driver.get(`${server.origin}/target/index.html`);
      await driver.executeScript('document.getElementById("para").click()');
      const all = await session.storageUntil((a) => session.valuesOf(a, reader.id).seen && session.valuesOf(a, writer.id).seen, 'the scripts did not report');
      assert.deepEqual(session.valuesOf(all, reader.id).seen, { own: 'changed by a reader', title: 'Target', links: 1 }, 'it reads the page and its own changes');
      assert.deepEqual(session.valuesOf(all, writer.id).seen, { elements: 3, text: '', para: true, title: '', href: '/', historyLength: 1, clicks: 0 }, 'an empty document, only the origin, no events');
      const state = await driver.executeScript('return { para: document.getElementById("para").textContent, box: document.getElementById("box").innerHTML, banner: document.getElementById("banner")?.textContent ?? null }');
      assert.deepEqual(state, { para: 'Hello', box: '', banner: 'added without reading' });
    });

    it('sends a script\'s fetch, XMLHttpRequest and $.getJSON only to the site the user approved', async () => {
      server.serve('/shop/index.html', 'text/html; charset=utf-8', '<!doctype html><html><body><ul id="prices"><li data-sku="a">A</li><li data-sku="b">B</li></ul></body></html>');
      server.serve('/shop/api/prices.json', 'application/json', JSON.stringify({ a: 3, b: 5 }));
      server.serve('/shop/api/stock.txt', 'text/plain', 'a=in;b=out');
      // Shaped like price and stock helpers: read the page, ask the site's own API, annotate.
      const requester = header(['@name Price helper', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/shop/*`,
        `@require ${server.origin}/lib/jquery.min.js#sha256=${sha256(JQUERY)}`, '@grant GM_setValue']) + `
const report = {};
const done = () => { if (Object.keys(report).length === 5) GM_setValue('report', report); };
fetch('/shop/api/prices.json').then((r) => r.json()).then((prices) => {
  for (const li of document.querySelectorAll('#prices li')) li.textContent += ' $' + prices[li.dataset.sku];
  report.fetch = prices;
  done();
});
const x = new XMLHttpRequest();
x.open('GET', '/shop/api/stock.txt');
x.onload = () => {
  for (const part of x.responseText.split(';')) { const [sku, state] = part.split('='); document.querySelector('[data-sku="' + sku + '"]').dataset.stock = state; }
  report.xhr = [x.status, x.getResponseHeader('content-type')];
  done();
};
x.send();
$.getJSON('/shop/api/prices.json', (d) => { report.jquery = d.b; done(); });
fetch('OTHER_ORIGIN/collect?prices=1').then(() => { report.other = 'reached'; done(); }, (e) => { report.other = e.name + ': ' + e.message; done(); });
const y = new XMLHttpRequest();
y.open('POST', 'OTHER_ORIGIN/collect');
y.onerror = () => { report.otherXhr = 'error'; done(); };
y.onload = () => { report.otherXhr = 'reached'; done(); };
y.send('secret');
`.replaceAll('OTHER_ORIGIN', other.origin.replace('127.0.0.1', 'localhost'));
      // `self` is the page's host on any port (as `@connect` hosts are): the other server is
      // named by another host name, as another site would be.
      const { page, id } = await session.paste(requester, { onInstallPage: async (d) => {
        const offered = await d.executeScript(`return { requests: document.getElementById('page-requests').checked, hosts: [...document.querySelectorAll('#connect input')].map((b) => b.dataset.host + ':' + b.checked) }`);
        assert.deepEqual(offered, { requests: true, hosts: ['self:true'] }, 'it is offered requests to its own site, as its code uses fetch');
        mkdirSync(SHOTS, { recursive: true });
        writeFileSync(path.join(SHOTS, `install-page-requests-${browser}.png`), Buffer.from(await d.takeScreenshot(), 'base64'));
      } });
      assert.equal(page.verdict, 'ok', page.text);
      assert.match(page.text, /Sends requests with fetch/);
      const hitsBefore = other.hits.length;
      await driver.get(`${server.origin}/shop/index.html`);
      const all = await session.storageUntil((a) => session.valuesOf(a, id).report, 'the price helper did not report');
      const report = session.valuesOf(all, id).report;
      assert.deepEqual(report.fetch, { a: 3, b: 5 });
      assert.deepEqual(report.xhr, [200, 'text/plain']);
      assert.equal(report.jquery, 5);
      assert.match(report.other, /^TypeError: fetch: .* is not a @connect host you approved/);
      assert.equal(report.otherXhr, 'error');
      assert.equal(other.hits.length, hitsBefore, 'the other host saw no request');
      const shown = await driver.executeScript('return [...document.querySelectorAll("#prices li")].map((li) => li.textContent + ":" + li.dataset.stock)');
      assert.deepEqual(shown, ['A $3:in', 'B $5:out']);
      // The requests carried no cookie (the user did not allow them) and no page referrer.
      const asked = server.hits.filter((h) => h.path.startsWith('/shop/api/'));
      assert.ok(asked.length >= 3, JSON.stringify(asked.map((h) => h.path)));
      for (const h of asked) assert.ok(h.headers.cookie === undefined && h.headers.referer === undefined, JSON.stringify(h.headers));
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });

    it('opens pages only for a script let open them, only http(s), and never for a raw message', async () => {
      server.serve('/nav/start.html', 'text/html; charset=utf-8', '<!doctype html><html><body><p id="p">start</p></body></html>');
      server.serve('/nav/next.html', 'text/html; charset=utf-8', '<!doctype html><html><body><p id="p">next</p></body></html>');
      server.serve('/nav/tab.html', 'text/html; charset=utf-8', '<!doctype html><html><body>tab</body></html>');
      // A redirector, as the commonest navigating scripts are; it tries what it must not first.
      const redirector = header(['@name Redirector', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/nav/*`, '@grant GM_setValue']) + `
if (location.pathname === '/nav/start.html') {
  const tried = {};
  for (const [name, f] of Object.entries({
    js: () => { location.href = 'javascript:window.pwned = 1'; },
    data: () => location.assign('data:text/html,<script>1</' + 'script>'),
    openJs: () => window.open('javascript:1'),
  })) { try { f(); tried[name] = 'ran'; } catch (e) { tried[name] = e.message; } }
  // Past the layer, straight to the content script: it checks again.
  paranoid.postMessage({ dom: 'navigate', how: 'assign', url: 'javascript:window.pwned = 2' });
  paranoid.postMessage({ dom: 'navigate', how: 'open', url: 'data:text/html,x' });
  paranoid.postMessage({ dom: 'navigate', how: 'assign', part: 'protocol', value: 'javascript' });
  GM_setValue('tried', tried);
  window.open('/nav/tab.html');
  setTimeout(() => { location.href = '/nav/next.html?by=script'; }, 300);
}
`;
      const { page, id } = await session.paste(redirector);
      assert.equal(page.verdict, 'ok', page.text);
      assert.match(page.text, /Opens pages/);
      const handles = await driver.getAllWindowHandles();
      await driver.get(`${server.origin}/nav/start.html`);
      const deadline = Date.now() + 15000;
      while (Date.now() < deadline && !(await driver.getCurrentUrl()).endsWith('/nav/next.html?by=script')) await sleep(200);
      assert.equal(new URL(await driver.getCurrentUrl()).pathname + new URL(await driver.getCurrentUrl()).search, '/nav/next.html?by=script');
      assert.equal(await driver.executeScript('return window.pwned ?? null'), null);
      const all = await session.storageUntil((a) => session.valuesOf(a, id).tried, 'the redirector did not report');
      for (const [name, why] of Object.entries(session.valuesOf(all, id).tried)) assert.match(why, /only http\(s\) pages are opened/, name);
      // window.open: one new tab, at the script's address (the raw `data:` one was refused).
      let opened = [];
      for (let i = 0; i < 50 && opened.length === 0; i++) { opened = (await driver.getAllWindowHandles()).filter((h) => !handles.includes(h)); await sleep(200); }
      assert.equal(opened.length, 1);
      const here = await driver.getWindowHandle();
      await driver.switchTo().window(opened[0]);
      for (let i = 0; i < 50 && !(await driver.getCurrentUrl()).includes('/nav/tab.html'); i++) await sleep(100);
      assert.equal(new URL(await driver.getCurrentUrl()).pathname, '/nav/tab.html');
      await driver.close();
      await driver.switchTo().window(here);
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));

      // The same script, refused "opens pages": it stays, and its raw messages move nothing.
      const stay = await session.paste(redirector.replace('@name Redirector', '@name Redirector refused'), { onInstallPage: untick('page-navigate') });
      const before = (await driver.getAllWindowHandles()).length;
      await driver.get(`${server.origin}/nav/start.html`);
      await session.storageUntil((a) => session.valuesOf(a, stay.id).tried, 'the refused redirector did not report');
      await sleep(1500);
      assert.equal(new URL(await driver.getCurrentUrl()).pathname, '/nav/start.html');
      assert.equal((await driver.getAllWindowHandles()).length, before);
      await session.setStorage((a) => ({ [`paranoid:us:script:${stay.id}`]: { ...a[`paranoid:us:script:${stay.id}`], enabled: false } }));
    });

    it('moves the address only within the page\'s site, for a script let open pages, and hears the site\'s own moves', async () => {
      server.serve('/hist/index.html', 'text/html; charset=utf-8', `<!doctype html><html><body><p id="p">page</p><script>
history.replaceState({ mine: 'site' }, '');
window.sitePush = (to) => { history.pushState({}, '', to); document.getElementById('p').textContent = 'at ' + to; };
</script></body></html>`);
      const mover = header(['@name History mover', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/hist/*`, '@grant GM_setValue']) + `
const tried = {};
const attempt = (name, f) => { try { f(); tried[name] = 'ran'; } catch (e) { tried[name] = (e && e.name) + ': ' + String(e && e.message).slice(0, 60); } };
const heard = [];
const push = history.pushState;
history.pushState = function (state, title, url) { const r = push.apply(this, arguments); heard.push(String(url).replace(/^.*\\//, '')); return r; };
attempt('other', () => history.pushState(null, '', '${other.origin}/x'));
attempt('js', () => history.replaceState(null, '', 'javascript:window.pwned = 1'));
attempt('data', () => history.pushState(null, '', 'data:text/html,x'));
attempt('own', () => history.replaceState({ n: 1 }, '', '?step=1'));
const after = { search: location.search, state: history.state, heard: heard.slice() };
// Past the layer, straight to the content script: it checks again.
paranoid.postMessage({ dom: 'navigate', how: 'pushState', url: '${other.origin}/raw' });
paranoid.postMessage({ dom: 'navigate', how: 'replaceState', url: 'javascript:window.pwned = 2' });
paranoid.postMessage({ dom: 'navigate', how: 'go', delta: 1e9 });
paranoid.postMessage({ dom: 'navigate', how: 'go', delta: 'x' });
let moves = 0;
new MutationObserver(() => {
  if (location.pathname !== '/hist/two.html' || moves++ > 0) return;
  // Without an address: the entry's own, as the page has it now (not as the replica last heard).
  history.replaceState({ k: 2 }, '');
  GM_setValue('report', { tried, after, heard, search: location.search, path: location.pathname, state: history.state });
}).observe(document.body, { childList: true, subtree: true, characterData: true });
GM_setValue('ready', true);
`;
      const { page, id } = await session.paste(mover);
      assert.equal(page.verdict, 'ok', page.text);
      assert.match(page.text, /Opens pages/);
      assert.match(page.text, /history\.replaceState\(\)/);
      await driver.get(`${server.origin}/hist/index.html`);
      await session.storageUntil((a) => session.valuesOf(a, id).ready, 'the mover did not start');
      await sleep(300);
      assert.equal(await driver.executeScript('return location.pathname + location.search'), '/hist/index.html?step=1');
      assert.deepEqual(await driver.executeScript('return history.state'), { mine: 'site' }, 'the site\'s state stays with its entry');
      await driver.executeScript('window.sitePush("/hist/two.html")');
      const all = await session.storageUntil((a) => session.valuesOf(a, id).report, 'the mover did not hear the site move');
      const { tried, after, heard, search, path: at, state } = session.valuesOf(all, id).report;
      assert.deepEqual(state, { k: 2 });
      for (const name of ['other', 'js', 'data']) assert.match(tried[name], /^SecurityError: /, name);
      assert.equal(tried.own, 'ran');
      assert.deepEqual(after, { search: '?step=1', state: { n: 1 }, heard: [] });
      assert.deepEqual(heard, ['two.html'], 'the site\'s pushState reached the script\'s wrapper, once');
      assert.equal(at, '/hist/two.html');
      assert.equal(search, '');
      assert.equal(await driver.executeScript('return window.pwned ?? null'), null);
      assert.equal(new URL(await driver.getCurrentUrl()).pathname, '/hist/two.html');
      assert.deepEqual(other.hits.map((h) => h.path), []);
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });

    it('shows a script\'s alert() over the page, naming the script, at most ten a minute, without waiting; confirm and prompt throw', async () => {
      server.serve('/alert/index.html', 'text/html; charset=utf-8', '<!doctype html><html><body><p id="p">page</p><button id="go">Save</button></body></html>');
      const saver = header(['@name Saver', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/alert/*`, '@grant GM_setValue']) + `
const tried = {};
const attempt = (name, f) => { try { f(); tried[name] = 'ran'; } catch (e) { tried[name] = e.message; } };
// On the user's click, as scripts that report what they did (a dialog while the page loads
// would race the test driver's own wait for the load). Ready in a later turn: the listener
// reaches the page at the end of this one.
setTimeout(() => GM_setValue('ready', true), 0);
document.getElementById('go').addEventListener('click', () => {
document.getElementById('p').textContent = 'saved';
attempt('first', () => alert('Saved 3 items'));
document.body.dataset.after = 'went on';
attempt('confirm', () => confirm('Sure?'));
attempt('prompt', () => prompt('Name?'));
let shown = tried.first === 'ran' ? 1 : 0;
let refused = null;
for (let i = 0; i < 20; i++) { try { alert('more ' + i); shown++; } catch (e) { refused = e.message; break; } }
// Past the layer, straight to the content script: it counts too.
for (let i = 0; i < 5; i++) paranoid.postMessage({ dom: 'alert', text: 'raw ' + i });
GM_setValue('report', { tried, shown, refused });
});
`;
      const { page, id } = await session.paste(saver);
      assert.equal(page.verdict, 'ok', page.text);
      const { until } = await import('selenium-webdriver');
      await driver.get(`${server.origin}/alert/index.html`);
      await session.storageUntil((a) => session.valuesOf(a, id).ready, 'the saver did not start');
      await driver.executeScript('document.getElementById("go").click()');
      const texts = [];
      for (let i = 0; i < 10; i++) {
        await driver.wait(until.alertIsPresent(), 10000);
        const dialog = await driver.switchTo().alert();
        texts.push(await dialog.getText());
        await dialog.accept();
      }
      assert.equal(texts[0], 'The userscript “Saver” says:\n\nSaved 3 items');
      assert.deepEqual(texts.slice(1).map((t) => t.split('\n\n')[1]), Array.from({ length: 9 }, (_, i) => `more ${i}`));
      await sleep(1500);
      // No eleventh: the raw messages were refused by the content script's own count.
      assert.deepEqual(await driver.executeScript('return [document.getElementById("p").textContent, document.body.dataset.after]'), ['saved', 'went on']);
      const all = await session.storageUntil((a) => session.valuesOf(a, id).report, 'the saver did not report');
      const { tried, shown, refused } = session.valuesOf(all, id).report;
      assert.equal(shown, 10);
      assert.match(refused, /^alert: a script shows at most 10 dialogs a minute/);
      for (const name of ['confirm', 'prompt']) assert.match(tried[name], /is not available to a sandboxed userscript: the sandbox cannot wait for the answer/, name);
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));

      // Refused "changes this page": alert throws, naming the power, and a raw message shows nothing.
      const quiet = await session.paste(saver.replace('@name Saver', '@name Quiet saver'), { onInstallPage: untick('page-write') });
      await driver.get(`${server.origin}/alert/index.html`);
      await session.storageUntil((a) => session.valuesOf(a, quiet.id).ready, 'the quiet saver did not start');
      await driver.executeScript('document.getElementById("go").click()');
      const none = await session.storageUntil((a) => session.valuesOf(a, quiet.id).report, 'the quiet saver did not report');
      await sleep(1000);
      assert.equal(await driver.executeScript('return document.getElementById("p").textContent'), 'page');
      const r = session.valuesOf(none, quiet.id).report;
      assert.equal(r.shown, 0);
      for (const why of [r.tried.first, r.refused]) assert.match(why, /^alert is not available to a sandboxed userscript: a dialog over the page needs "changes this page"/);
      await session.setStorage((a) => ({ [`paranoid:us:script:${quiet.id}`]: { ...a[`paranoid:us:script:${quiet.id}`], enabled: false } }));
    });

    it('gives each script its own localStorage per site, never the page\'s nor another script\'s, within its limit', async () => {
      const page = '<!doctype html><html><body><p id="p">page</p><script>localStorage.setItem("token", "site-secret"); localStorage.setItem("mine", "the page\'s");</script></body></html>';
      // Another site of the scripts' own (not the test's `other`, which must see no request).
      const second = await startPageServer();
      server.serve('/store/index.html', 'text/html; charset=utf-8', page);
      second.serve('/store/index.html', 'text/html; charset=utf-8', page);
      const keeper = (name) => header([`@name ${name}`, '@namespace paranoid-page', '@version 1', `@match ${server.origin}/store/*`, `@match ${second.origin}/store/*`, '@grant GM_setValue']) + `
const seen = { token: localStorage.getItem('token'), mine: localStorage.getItem('mine'), keys: Object.keys(localStorage), session: sessionStorage.getItem('s') };
localStorage.setItem('mine', '${name} ' + location.port);
sessionStorage.setItem('s', 'kept for the tab');
const tried = {};
try { localStorage.setItem('big', 'x'.repeat(${1024 * 1024})); } catch (e) { tried.quota = e.name; }
// Past the prelude, straight to the content script and the background: they check again.
paranoid.postMessage({ call: 'storage.write', id: 1e6, args: ['local', false, [['r1', 'x'.repeat(300000)]]] });
paranoid.postMessage({ call: 'storage.write', id: 1e6 + 1, args: ['local', false, [['r2', 'x'.repeat(300000)]]] });
paranoid.postMessage({ call: 'storage.write', id: 1e6 + 2, args: ['local', false, [['raw', 7]]] });
paranoid.postMessage({ call: 'storage.write', id: 1e6 + 3, args: ['values', false, [['raw', 'x']]] });
paranoid.postMessage({ call: 'storage.read', id: 1e6 + 4, args: ['sync'] });
const answers = {};
paranoid.onMessage((m) => { if (m && m.reply >= 1e6) answers[m.reply - 1e6] = m.ok ? 'ok' : String(m.error).slice(0, 60); });
setTimeout(() => GM_setValue('seen:' + location.port, { seen, tried, answers }), 800);
`;
      const a = await session.paste(keeper('Keeper A'));
      const b = await session.paste(keeper('Keeper B'));
      const port = (o) => new URL(o).port;
      const reportOf = async (id, origin) => session.valuesOf(await session.storageUntil((x) => session.valuesOf(x, id)[`seen:${port(origin)}`], 'no report'), id)[`seen:${port(origin)}`];
      await driver.get(`${server.origin}/store/index.html`);
      const first = await reportOf(a.id, server.origin);
      assert.deepEqual(first.seen, { token: null, mine: null, keys: [], session: null }, 'nothing of the page\'s');
      assert.equal(first.tried.quota, 'QuotaExceededError');
      for (const [i, want] of [[0, /^ok$/], [1, /^QuotaExceededError: localStorage: the script's storage on /], [2, /^TypeError: storage\.write: a change is/], [3, /^TypeError: storage: the area is local or session/], [4, /^storage\.read was not granted to this script/]]) assert.match(first.answers[i], want, String(i));
      assert.equal(await driver.executeScript('return [localStorage.getItem("mine"), localStorage.getItem("raw"), localStorage.length].join("|")'), "the page's||2", 'the page\'s storage is untouched');
      // Again: each script finds its own value, kept; the session's too, in this tab.
      await session.setStorage((x) => ({ [`paranoid:us:values:${a.id}`]: {}, [`paranoid:us:values:${b.id}`]: {} }));
      await driver.navigate().refresh();
      const again = await reportOf(a.id, server.origin);
      const againB = await reportOf(b.id, server.origin);
      assert.equal(again.seen.mine, `Keeper A ${port(server.origin)}`);
      assert.equal(againB.seen.mine, `Keeper B ${port(server.origin)}`);
      assert.deepEqual(again.seen.keys.sort(), ['mine', 'r1']);
      assert.equal(again.seen.session, 'kept for the tab');
      // Another site: another store.
      await driver.get(`${second.origin}/store/index.html`);
      const elsewhere = await reportOf(a.id, second.origin);
      assert.deepEqual(elsewhere.seen, { token: null, mine: null, keys: [], session: null });
      const stored = await session.storage();
      assert.deepEqual(stored[`paranoid:us:local-sites:${a.id}`], [server.origin, second.origin]);
      assert.equal(stored[`paranoid:us:local:${a.id}:${server.origin}`].mine, `Keeper A ${port(server.origin)}`);
      assert.equal(stored[`paranoid:us:local:${a.id}:${server.origin}`].r2, undefined, 'the write past the limit stored nothing');
      second.close();
      for (const s of [a, b]) await session.setStorage((x) => ({ [`paranoid:us:script:${s.id}`]: { ...x[`paranoid:us:script:${s.id}`], enabled: false } }));
    });

    it('reads selectors and XPath as the browser does: :has() with relative selectors, :scope, :is(), errors, fragments, document.evaluate; and which elements have a box', async () => {
      // One function, run by the script in its sandbox and by the page natively: the answers
      // must be the same text.
      /* global document */ // the probe's: it runs in a page, never here
      const probe = function probe() {
        const out = {};
        const q = (root, s) => { try { return [...root.querySelectorAll(s)].map((e) => e.id || e.localName).join(','); } catch (e) { return e.name; } };
        for (const s of ['div:has(>p)', 'div:has(> p)', 'div:has(p)', 'h2:has(+ul)', 'h2:has(~ ul)', 'h2:has(+ ol, + ul)', 'div[id]:not(:has(p))', 'div:HAS(> p)',
          'div:has()', 'p:nth-child()', 'p:no-such-class', 'div:is(#d1,#d3)', 'div:where(#d2)', ':scope > body', 'li:has(> a[href*="x,y"])']) out[s] = q(document, s);
        const f = document.createDocumentFragment();
        f.append(document.createElement('h2'), document.createElement('ul'));
        f.firstChild.id = 'fh';
        out.fragment = q(f, 'h2:has(+ ul)');
        out.scopeIn = q(document.getElementById('d2'), ':scope > span > p');
        out.closest = document.querySelector('#d2 p').closest(':scope') ? 'self' : 'none';
        out.matches = [document.getElementById('d1').matches(':scope'), document.getElementById('d1').matches(':has(> p)')].join();
        out.rects = ['i1', 'i2', 'dl', 'dl2', 'd1'].map((id) => document.getElementById(id).getClientRects().length).join(',');
        // XPath, as the scripts that find elements by their text or position use it.
        const R = window.XPathResult; // eslint-disable-line no-undef -- the probe's
        const ids = (r) => { const got = []; for (let i = 0; i < r.snapshotLength; i++) { const n = r.snapshotItem(i); got.push(n.id || n.localName || n.nodeName); } return got.join(','); };
        const x = (f) => { try { return f(); } catch (e) { return e.name; } };
        for (const e of ['//div[p]', '//li/a[contains(@href, "x,")]/..', '//h2[following-sibling::*[1][self::ul]]', '//*[@id="d2"]//p', '//body//div[not(*)]',
          '//p[text()="b"]/ancestor::div', '(//h2)[last()]', '//form/input[@type="hidden"]', '//text()[normalize-space()="w"]/..', '//[', 'p[']) {
          out[`x ${e}`] = x(() => ids(document.evaluate(e, document, null, R.ORDERED_NODE_SNAPSHOT_TYPE, null)));
        }
        out.xCount = x(() => document.evaluate('count(//p)', document, null, R.NUMBER_TYPE, null).numberValue);
        out.xString = x(() => document.evaluate('string(//h2[2])', document, null, R.STRING_TYPE, null).stringValue);
        out.xBoolean = x(() => document.evaluate('boolean(//ol/li)', document, null, R.BOOLEAN_TYPE, null).booleanValue);
        out.xFirst = x(() => document.evaluate('//li/a', document, null, R.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue.getAttribute('href'));
        out.xAny = x(() => { const r = document.evaluate('//dialog', document, null, R.ANY_TYPE, null); return [r.resultType, r.iterateNext().id, r.iterateNext().id, r.iterateNext()].join(); });
        out.xRelative = x(() => document.evaluate('.//p', document.getElementById('d2'), null, R.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength);
        out.xExpression = x(() => document.createExpression('//h2', null).evaluate(document, R.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength);
        out.xConstants = [R.ANY_TYPE, R.NUMBER_TYPE, R.UNORDERED_NODE_ITERATOR_TYPE, R.FIRST_ORDERED_NODE_TYPE].join();
        return JSON.stringify(out);
      };
      server.serve('/selectors/index.html', 'text/html; charset=utf-8', `<!doctype html><html><head><title>Selectors</title></head><body>
<div id="d1"><p>a</p></div><div id="d2"><span><p>b</p></span></div><div id="d3"></div>
<h2 id="h1">x</h2><ul><li id="l1"><a href="/x,y">l</a></li></ul><h2 id="h2">y</h2><ol></ol>
<form><input id="i1" type="hidden"><input id="i2"></form><dialog id="dl">z</dialog><dialog id="dl2" open>w</dialog>
</body></html>`);
      const { page, id } = await session.paste(header(['@name Selectors', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/selectors/*`, '@grant none']) +
        `document.body.setAttribute('data-out', (${probe})());\n`);
      assert.equal(page.verdict, 'ok', page.text);
      await driver.get(`${server.origin}/selectors/index.html`);
      let sandboxed = null;
      for (let i = 0; i < 100 && sandboxed === null; i++) { sandboxed = await driver.executeScript('return document.body.dataset.out ?? null'); if (sandboxed === null) await sleep(100); }
      const native = await driver.executeScript(`return (${probe})()`);
      assert.deepEqual(JSON.parse(sandboxed), JSON.parse(native));
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });

    it('gives a script that reads the page the viewport as the page has it, kept current as it scrolls; none to one refused the read', async () => {
      // One function, run by the script in its sandbox and by the page natively.
      // (`window.` throughout: a script refused the read has none of these names.)
      const figures = function figures() {
        const w = window; // eslint-disable-line no-undef -- the probe's: it runs in a page, never here
        const root = w.document.documentElement;
        return JSON.stringify({ w: w.innerWidth, h: w.innerHeight, ow: w.outerWidth, oh: w.outerHeight, x: w.scrollX, y: w.scrollY, py: w.pageYOffset, dpr: w.devicePixelRatio,
          sw: w.screen && w.screen.width, sh: w.screen && w.screen.height, cw: root.clientWidth, ch: root.clientHeight, rsh: root.scrollHeight,
          bsh: w.document.body.scrollHeight, st: root.scrollTop, se: w.document.scrollingElement === root });
      };
      server.serve('/view/index.html', 'text/html; charset=utf-8', '<!doctype html><html><head><title>Tall</title></head><body style="margin:0"><div id="tall" style="height:4321px">tall</div></body></html>');
      const viewer = (name) => header([`@name ${name}`, '@namespace paranoid-page', '@version 1', `@match ${server.origin}/view/*`, '@grant none']) + `
const say = () => document.body.setAttribute('data-fig', (${figures})());
say();
addEventListener('scroll', say);
`;
      const fig = async (want) => {
        let got = null;
        for (let i = 0; i < 60; i++) {
          got = await driver.executeScript('return document.body.dataset.fig ?? null');
          if (got !== null && (want === undefined || got === want)) break;
          await sleep(100);
        }
        return got;
      };
      const { page, id } = await session.paste(viewer('Viewer'));
      assert.equal(page.verdict, 'ok', page.text);
      await driver.get(`${server.origin}/view/index.html`);
      const native = await driver.executeScript(`return (${figures})()`);
      assert.deepEqual(JSON.parse(await fig(native)), JSON.parse(native));
      assert.equal(JSON.parse(native).rsh, 4321);
      // Scrolled: the script's scroll listener reads where the page is now.
      await driver.executeScript('window.scrollTo(0, 1234)');
      const scrolled = await driver.executeScript(`return (${figures})()`);
      assert.equal(JSON.parse(scrolled).y, 1234);
      assert.deepEqual(JSON.parse(await fig(scrolled)), JSON.parse(scrolled));
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));

      // Refused "reads this page": none of the figures.
      const blind = await session.paste(viewer('Blind viewer'), { onInstallPage: untick('page-read') });
      await driver.get(`${server.origin}/view/index.html`);
      const none = JSON.parse(await fig());
      // (Only the root as the scrolling element, which says nothing of the page.)
      assert.deepEqual(Object.keys(none).sort(), ['se'], JSON.stringify(none));
      await session.setStorage((a) => ({ [`paranoid:us:script:${blind.id}`]: { ...a[`paranoid:us:script:${blind.id}`], enabled: false } }));
    });

    it('scrolls the page for a script that may change it: scrollIntoView, scrollBy, scrollTop, an element\'s scrollTo; one refused the change throws', async () => {
      server.serve('/scroll/index.html', 'text/html; charset=utf-8', `<!doctype html><html><head><title>Scroll</title></head><body style="margin:0">
<button id="down">down</button><button id="top">top</button><button id="inner">inner</button>
<div id="box" style="height:100px;overflow:auto"><div style="height:1000px">inside</div></div>
<div style="height:3000px">spacer</div><h2 id="target">Comments</h2><div style="height:3000px">after</div></body></html>`);
      const scroller = (name) => header([`@name ${name}`, '@namespace paranoid-page', '@version 1', `@match ${server.origin}/scroll/*`, '@grant none']) + `
const tried = [];
const attempt = (name, f) => { try { f(); tried.push(name); } catch (e) { tried.push(name + ': ' + e.message); } document.body.dataset.tried = tried.join('|'); };
attempt('into', () => document.getElementById('target').scrollIntoView({ behavior: 'instant' }));
document.getElementById('down').addEventListener('click', () => attempt('by', () => window.scrollBy(0, 100)));
document.getElementById('top').addEventListener('click', () => attempt('top', () => { document.documentElement.scrollTop = 0; }));
document.getElementById('inner').addEventListener('click', () => attempt('inner', () => document.getElementById('box').scrollTo({ top: 50 })));
`;
      const until = async (f, what) => {
        for (let i = 0; i < 50; i++) { if (await driver.executeScript(f)) return; await sleep(100); }
        assert.fail(`${what}: ${await driver.executeScript('return JSON.stringify([scrollY, document.getElementById("box").scrollTop, document.body.dataset.tried])')}`);
      };
      const { page, id } = await session.paste(scroller('Scroller'));
      assert.equal(page.verdict, 'ok', page.text);
      await driver.get(`${server.origin}/scroll/index.html`);
      await until('return Math.abs(scrollY - document.getElementById("target").getBoundingClientRect().top - scrollY) < 2 && scrollY > 3000', 'scrolled the heading into view');
      const at = await driver.executeScript('return scrollY');
      await driver.executeScript('document.getElementById("down").click()');
      await until(`return scrollY === ${at} + 100`, 'scrolled by 100');
      await driver.executeScript('document.getElementById("inner").click()');
      await until('return document.getElementById("box").scrollTop === 50', 'scrolled the box');
      await driver.executeScript('document.getElementById("top").click()');
      await until('return scrollY === 0', 'scrolled to the top');
      assert.equal(await driver.executeScript('return document.body.dataset.tried'), 'into|by|inner|top');
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));

      // Refused "changes this page": each throws, naming the power; the page stays where it is.
      const still = await session.paste(scroller('Still scroller'), { onInstallPage: untick('page-write') });
      await driver.get(`${server.origin}/scroll/index.html`);
      await sleep(1500);
      assert.equal(await driver.executeScript('return scrollY'), 0);
      await session.setStorage((a) => ({ [`paranoid:us:script:${still.id}`]: { ...a[`paranoid:us:script:${still.id}`], enabled: false } }));
    });

    it('presses the page\'s buttons for a script given the power: the site\'s own code acts; links and forms leave only with "opens pages", http(s) only', async () => {
      server.serve('/press/index.html', 'text/html; charset=utf-8', `<!doctype html><html><head><title>Press</title></head><body>
<p id="count">0</p><button id="more">Load more</button><ul id="items"></ul>
<input id="name"><p id="echo"></p>
<label><input type="checkbox" id="agree"> I agree</label>
<a id="away" href="/press/next.html">next page</a>
<a id="js" href="javascript:document.body.dataset.pwned='link'">js link</a>
<a id="here" href="#items">to the items</a>
<form id="f" action="/press/next.html"><input name="q" value="x"><button id="go">Search</button></form>
<form id="evil" action="javascript:document.body.dataset.pwned='form'"><input name="action" value="/press/next.html"><input name="getAttribute"><input name="parentNode"><button id="evil-go">Go</button></form>
<p id="keys"></p>
<a href="/press/next.html"><input id="in-link"></a><label id="lab" for="in-link">a box in a link</label>
<div id="card" data-go="/press/next.html">a card the site makes a link of</div>
<script>
let n = 0;
document.getElementById('card').addEventListener('click', (e) => { location.href = e.currentTarget.dataset.go; });
const $ = (id) => document.getElementById(id);
$('more').addEventListener('click', () => { n++; $('count').textContent = String(n); const li = document.createElement('li'); li.className = 'loaded'; li.textContent = 'item ' + n; $('items').append(li); });
$('name').addEventListener('input', (e) => { $('echo').textContent = e.target.value; });
$('name').addEventListener('focus', () => { document.body.dataset.focused = 'yes'; });
$('agree').addEventListener('change', (e) => { document.body.dataset.agreed = String(e.target.checked); });
$('away').addEventListener('click', (e) => { document.body.dataset.away = String(e.defaultPrevented); });
$('f').addEventListener('submit', (e) => { document.body.dataset.submitted = String(e.defaultPrevented); });
document.addEventListener('keydown', (e) => { $('keys').textContent += e.key; });
</script></body></html>`);
      server.serve('/press/next.html', 'text/html; charset=utf-8', '<!doctype html><html><body><p id="p">next</p></body></html>');
      // In the style of the "load more" and auto-fill scripts: it presses, types, ticks, sends a
      // key, and tries to leave by every route a click has.
      const presser = (name) => header([`@name ${name}`, '@namespace paranoid-page', '@version 1', `@match ${server.origin}/press/index.html`, '@grant GM_setValue']) + `
const tried = {};
const attempt = (name, f) => { try { f(); tried[name] = 'ok'; } catch (e) { tried[name] = e.message; } };
const $ = (id) => document.getElementById(id);
attempt('more', () => $('more').click());
attempt('label', () => $('lab').click());
attempt('card', () => $('card').click());
attempt('type', () => { $('name').value = 'typed by script'; $('name').dispatchEvent(new Event('input', { bubbles: true })); });
attempt('agree', () => $('agree').click());
attempt('key', () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true })));
attempt('here', () => $('here').click());
attempt('js', () => $('js').click());
attempt('evil', () => $('evil-go').click());
attempt('mine', () => { const a = document.createElement('a'); a.href = '${other.origin}/mine'; a.textContent = 'mine'; document.body.append(a); a.click(); });
attempt('go', () => $('go').click());
attempt('away', () => $('away').click());
// Last: a link to a place in the page moves the focus (a fragment's navigation does).
attempt('focus', () => $('name').focus());
const report = () => GM_setValue('tried', { ...tried, seen: document.querySelector('#items li.loaded')?.textContent ?? null, agreed: $('agree').checked });
new MutationObserver(report).observe($('items'), { childList: true });
setTimeout(report, 300);
`;
      const body = (k) => driver.executeScript(`return document.body.dataset[${JSON.stringify(k)}] ?? null`);
      const { page, id } = await session.paste(presser('Presser'), { onInstallPage: async (d) => {
        // Pressing asked, ticked; opening pages offered beside it, unticked.
        const offered = await d.executeScript(`const box = (id) => { const b = document.getElementById(id); return b.closest('li').hidden ? 'hidden' : b.checked; }; return { press: box('page-press'), navigate: box('page-navigate') }`);
        assert.deepEqual(offered, { press: true, navigate: false });
        mkdirSync(SHOTS, { recursive: true });
        writeFileSync(path.join(SHOTS, `install-page-press-${browser}.png`), Buffer.from(await d.takeScreenshot(), 'base64'));
      } });
      assert.equal(page.verdict, 'ok', page.text);
      assert.match(page.text, /Presses the pages' buttons/);
      await driver.get(`${server.origin}/press/index.html`);
      let history = null;
      const all = await session.storageUntil((a) => { history = a[`paranoid:us:history:${id}`]; return session.valuesOf(a, id).tried?.seen; }, 'the presser did not report')
        .catch(async (error) => { throw new Error(`${error.message.slice(0, 200)}; its history: ${JSON.stringify(history)}; at ${await driver.getCurrentUrl()}`); });
      const tried = session.valuesOf(all, id).tried;
      for (const k of ['more', 'focus', 'type', 'agree', 'key', 'here', 'js', 'evil', 'mine', 'go', 'label', 'card', 'away']) assert.equal(tried[k], 'ok', k);
      // The site's code acted, and what it did reached the script's replica.
      assert.equal(tried.seen, 'item 1');
      assert.equal(tried.agreed, true);
      await sleep(500);
      const state = await driver.executeScript(`const $ = (id) => document.getElementById(id); return { count: $('count').textContent, echo: $('echo').textContent, keys: $('keys').textContent, agree: $('agree').checked, value: $('name').value, focused: document.activeElement === $('name') || document.body.dataset.focused === 'yes', url: location.pathname + location.hash }`);
      assert.deepEqual(state, { count: '1', echo: 'typed by script', keys: 'j', agree: true, value: 'typed by script', focused: true, url: '/press/index.html#items' });
      assert.equal(await body('agreed'), 'true');
      // No link followed, no form submitted: the page's listeners heard the link's click,
      // cancelled, and the form's submit event as the user's click makes it (a site that sends
      // its form itself would have); the browser sent nothing.
      assert.equal(await body('away'), 'true');
      assert.equal(await body('submitted'), 'false');
      assert.equal(new URL(await driver.getCurrentUrl()).pathname, '/press/index.html');
      assert.equal(await driver.executeScript("return document.getElementById('f').getAttribute('method') + '|' + document.getElementById('go').getAttribute('formmethod')"), 'null|null');
      assert.equal(await body('pwned'), null);
      assert.deepEqual(other.hits.map((h) => h.path).filter((p) => p === '/mine'), []);
      await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));

      // Given "opens pages" too: the page's own link is followed; javascript: still never runs.
      const tick = (box) => async (d) => { await d.executeScript(`document.getElementById('${box}').checked = true`); };
      const follower = header(['@name Presser that follows', '@namespace paranoid-page', '@version 1', `@match ${server.origin}/press/index.html`, '@grant GM_setValue']) + `
document.getElementById('js').click();
document.getElementById('evil-go').click();
// A click the script's own listener cancels is cancelled on the page too: not followed.
document.getElementById('away').addEventListener('click', (e) => e.preventDefault(), { once: true });
document.getElementById('away').click();
setTimeout(() => {
  GM_setValue('seen', { pwned: document.body.dataset.pwned ?? null, away: document.body.dataset.away ?? null });
  document.getElementById('away').click();
}, 500);
`;
      const leaver = await session.paste(follower, { onInstallPage: tick('page-navigate') });
      await driver.get(`${server.origin}/press/index.html`);
      const deadline = Date.now() + 15000;
      while (Date.now() < deadline && !(await driver.getCurrentUrl()).includes('/press/next.html')) await sleep(200);
      assert.equal(new URL(await driver.getCurrentUrl()).pathname, '/press/next.html');
      assert.deepEqual(session.valuesOf(await session.storage(), leaver.id).seen, { pwned: null, away: 'true' });
      await session.setStorage((a) => ({ [`paranoid:us:script:${leaver.id}`]: { ...a[`paranoid:us:script:${leaver.id}`], enabled: false } }));

      // Refused the power: each press throws, naming it, and the page is as it was.
      const still = await session.paste(presser('Presser refused'), { onInstallPage: untick('page-press') });
      await driver.get(`${server.origin}/press/index.html`);
      const refused = session.valuesOf(await session.storageUntil((a) => session.valuesOf(a, still.id).tried, 'the refused presser did not report'), still.id).tried;
      for (const k of ['more', 'focus', 'type', 'agree', 'key', 'away']) assert.match(refused[k], /pressing the page's buttons is a power this script was not given/, k);
      assert.equal(await driver.executeScript("return document.getElementById('count').textContent"), '0');
      assert.equal(await driver.executeScript("return document.getElementById('keys').textContent"), '');
      await session.setStorage((a) => ({ [`paranoid:us:script:${still.id}`]: { ...a[`paranoid:us:script:${still.id}`], enabled: false } }));
    });

    it('gives a script the whole page at its run-at when the page was still loading as its sandbox opened, its @require running meanwhile', async () => {
      // The page sends its start, then its rest 1.5 s later: the sandboxes open, and their
      // replicas are made, in between; the page's own script changes what came first, and a
      // slow image holds the load back past DOMContentLoaded.
      const late = Array.from({ length: 200 }, (_, i) => `<li data-n="${i}">late ${i}</li>`).join('');
      server.handle('/slow/index.html', (req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.write(`<!doctype html><html><head><title>Slow</title></head><body><h1 id="head" class="start">Slow page</h1><p id="gone">for now</p><ul id="early"><li>first</li><li>second</li></ul>`);
        setTimeout(() => res.end(`<ul id="late">${late}</ul><script>document.getElementById('gone').remove(); document.getElementById('head').className = 'changed'; document.querySelector('#early li').textContent = 'renamed';</script><img id="slow-image" src="/slow/image.png" alt=""></body></html>`), 1500);
      });
      server.handle('/slow/image.png', (req, res) => {
        setTimeout(() => { res.writeHead(404, { 'cache-control': 'no-store' }); res.end(); }, 700);
      });
      // A library in @require, as one in the page's <head>: it runs while the page loads and
      // hears the page get to DOMContentLoaded (and load), in the browser's order.
      const LIB = `var libSeen = { state: document.readyState, parsed: document.getElementById('late') !== null, heard: [] };
document.addEventListener('readystatechange', function () { libSeen.heard.push('readystatechange ' + document.readyState); });
document.addEventListener('DOMContentLoaded', function () { libSeen.heard.push('DOMContentLoaded ' + document.readyState); });
window.addEventListener('load', function () { libSeen.heard.push('load ' + document.readyState); });
`;
      server.serve('/lib/slow-lib.js', 'text/javascript; charset=utf-8', LIB);
      const reader = (runAt, key) => header([`@name Slow ${runAt}`, '@namespace paranoid-page', '@version 1', `@match ${server.origin}/slow/*`, `@run-at ${runAt}`,
        `@require ${server.origin}/lib/slow-lib.js#sha256=${sha256(LIB)}`, '@grant none']) + `
const seen = {
  lib: JSON.parse(JSON.stringify(libSeen)),
  state: document.readyState,
  late: document.querySelectorAll('#late li').length,
  last: document.querySelector('#late li:last-child')?.dataset.n ?? null,
  gone: document.getElementById('gone') === null,
  head: document.getElementById('head').className,
  first: document.querySelector('#early li').textContent,
  image: document.getElementById('slow-image') !== null,
};
document.body.setAttribute('data-${key}', JSON.stringify(seen));
`;
      const installed = [];
      for (const [runAt, key] of [['document-end', 'end'], ['document-idle', 'idle']]) {
        const { page, id } = await session.paste(reader(runAt, key));
        assert.equal(page.verdict, 'ok', page.text);
        installed.push(id);
      }
      await driver.get(`${server.origin}/slow/index.html`);
      let s;
      for (let i = 0; i < 100; i++) {
        s = await driver.executeScript('return { end: document.body?.dataset.end ?? null, idle: document.body?.dataset.idle ?? null }');
        if (s.end !== null && s.idle !== null) break;
        await sleep(100);
      }
      const expected = { late: 200, last: '199', gone: true, head: 'changed', first: 'renamed', image: true };
      const parsed = ['readystatechange interactive', 'DOMContentLoaded interactive'];
      const lib = (heard) => ({ state: 'loading', parsed: false, heard });
      assert.deepEqual(JSON.parse(s.end ?? 'null'), { lib: lib(parsed), state: 'interactive', ...expected }, 'document-end: the page as parsed; its library ran while it loaded');
      assert.deepEqual(JSON.parse(s.idle ?? 'null'), { lib: lib([...parsed, 'readystatechange complete', 'load complete']), state: 'complete', ...expected }, 'document-idle: the page as loaded');
      for (const id of installed) await session.setStorage((a) => ({ [`paranoid:us:script:${id}`]: { ...a[`paranoid:us:script:${id}`], enabled: false } }));
    });
  });
}
