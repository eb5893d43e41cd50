'use strict';
// The GM prelude (content/userscript-prelude.js) in a fresh Node realm standing in for a
// userscript's sandbox: a `paranoid` whose messages the test answers by hand. What the browser
// tests cannot see from outside: the synchronous calls' snapshot and its copies, the order and
// coalescing of writes, a change from another tab against a write not yet stored, listeners,
// menu commands, and what a script without a grant is not given.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const PRELUDE = readFileSync(new URL('../../content/userscript-prelude.js', import.meta.url), 'utf8');
const SPELLINGS = [
  ['GM_info', 'GM.info'], ['GM_getValue', 'GM.getValue'], ['GM_setValue', 'GM.setValue'], ['GM_deleteValue', 'GM.deleteValue'],
  ['GM_listValues', 'GM.listValues'], ['GM_getResourceText', 'GM.getResourceText'], ['GM_xmlhttpRequest', 'GM.xmlHttpRequest'],
  ['GM_addValueChangeListener', 'GM.addValueChangeListener'], ['GM_removeValueChangeListener', 'GM.addValueChangeListener'],
  ['GM_registerMenuCommand', 'GM.registerMenuCommand'], ['GM_unregisterMenuCommand', 'GM.registerMenuCommand'], ['GM_log', 'GM.log'],
  ['GM_addStyle', 'GM.addStyle'],
];

/** A realm with the prelude run in it; `sent` the messages it posted, `deliver` a message to it. */
function sandbox(init, { messages = true } = {}) {
  const sent = [];
  const logged = [];
  let listener = null;
  const paranoid = messages
    ? { postMessage: (m) => { sent.push(structuredClone(m)); }, onMessage: (f) => { listener = f; }, cpuLevel: () => 0 }
    : { cpuLevel: () => 0 };
  const context = vm.createContext({ paranoid, console: { log: (...a) => logged.push(['log', ...a]), warn: (...a) => logged.push(['warn', ...a]), error: (...a) => logged.push(['error', ...a]) }, setTimeout, structuredClone, queueMicrotask, DOMException });
  vm.runInContext(PRELUDE, context);
  const full = {
    grants: [], spellings: SPELLINGS, info: { script: { name: 'T', version: '1' }, scriptHandler: 'Paranoid' },
    values: null, resources: null, resourceNames: [], valueNameMax: 256, valuesMaxChars: 1000, ...init,
  };
  context.init = JSON.parse(JSON.stringify(full));
  vm.runInContext('paranoidUserscriptPrelude(init)', context);
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    g: context, sent, logged,
    deliver: (m) => listener(m),
    /** Answers every call not yet answered, `ok` or with `error`, then lets the realm run. */
    answerAll: async (error) => {
      for (let round = 0; round < 20; round++) {
        const open = sent.filter((m) => m.call !== undefined && !m.answered);
        if (open.length === 0) break;
        for (const m of open) { m.answered = true; listener(error ? { reply: m.id, ok: false, error } : { reply: m.id, ok: true, value: null }); }
        await tick();
      }
      await tick();
    },
    tick,
  };
}

const VALUES = ['GM.getValue', 'GM.setValue', 'GM.deleteValue', 'GM.listValues', 'GM.addValueChangeListener'];

describe('the GM prelude', () => {
  it('reads the snapshot synchronously, and hands out copies', () => {
    const s = sandbox({ grants: VALUES, values: { a: '{"n":1}', b: '"text"' } });
    const a = s.g.GM_getValue('a');
    a.n = 2;
    assert.equal(s.g.GM_getValue('a').n, 1);
    assert.equal(s.g.GM_getValue('missing', 'fallback'), 'fallback');
    assert.deepEqual([...s.g.GM_listValues()].sort(), ['a', 'b']);
    assert.equal(s.sent.length, 0, 'reading sends nothing');
  });

  it('writes through in order, the latest unsent write of a name replacing the earlier', async () => {
    const s = sandbox({ grants: VALUES, values: {} });
    for (let i = 0; i < 100; i++) s.g.GM_setValue('n', i);
    s.g.GM_setValue('other', true);
    s.g.GM_deleteValue('other');
    assert.equal(s.g.GM_getValue('n'), 99);
    assert.equal(s.g.GM_getValue('other', 'gone'), 'gone');
    await s.answerAll();
    const calls = s.sent.map((m) => [m.call, ...m.args]);
    // The first write was sent at once; the 98 behind it became one, as did the other name's two.
    assert.deepEqual(calls, [['GM.setValue', 'n', 0], ['GM.setValue', 'n', 99], ['GM.deleteValue', 'other']]);
  });

  it('checks names, values and the total before anything is stored', async () => {
    const s = sandbox({ grants: VALUES, values: { big: JSON.stringify('x'.repeat(900)) } });
    assert.throws(() => s.g.GM_setValue('', 1), /the name must be a non-empty string of at most 256 characters/);
    assert.throws(() => s.g.GM_setValue('f', () => 1), /not JSON/);
    assert.throws(() => s.g.GM_setValue('more', 'y'.repeat(200)), (e) => e.name === 'RangeError' && /over its limit of 1000/.test(e.message));
    await assert.rejects(s.g.GM.setValue('more', 'y'.repeat(200)), /over its limit/);
    assert.equal(s.sent.length, 0);
    s.g.GM_setValue('big', 'small now');
    s.g.GM_setValue('more', 'y'.repeat(200));
    await s.answerAll();
    assert.equal(s.sent.length, 2);
  });

  it('says on the console when a synchronous write is refused, and rejects the promise of an async one', async () => {
    const s = sandbox({ grants: VALUES, values: {} });
    s.g.GM_setValue('a', 1);
    const settled = s.g.GM.setValue('b', 2).then(() => 'stored', (e) => e.message);
    await s.answerAll('RangeError: too many');
    assert.equal(await settled, 'RangeError: too many');
    assert.deepEqual(s.logged, [['error', 'GM_setValue: RangeError: too many']]);
  });

  it('takes changes from other tabs, but not over a write of its own not yet stored', async () => {
    const s = sandbox({ grants: VALUES, values: { a: '1', b: '1' } });
    const heard = [];
    s.g.GM_addValueChangeListener('a', (...args) => heard.push(args));
    s.g.GM_addValueChangeListener('b', (...args) => heard.push(args));
    s.g.GM_setValue('a', 2);
    s.deliver({ values: { a: '3', b: '5', c: '"new"' } });
    assert.equal(s.g.GM_getValue('a'), 2, 'our unanswered write decides');
    assert.equal(s.g.GM_getValue('b'), 5);
    assert.equal(s.g.GM_getValue('c'), 'new');
    s.deliver({ values: { b: null } });
    assert.equal(s.g.GM_getValue('b', 'deleted'), 'deleted');
    await s.answerAll();
    s.deliver({ values: { a: '2' } }); // our own write, coming back: no change
    await s.tick();
    assert.deepEqual(heard, [['a', 1, 2, false], ['b', 1, 5, true], ['b', 5, undefined, true]]);
    const id = s.g.GM_addValueChangeListener('a', () => heard.push('second'));
    s.g.GM_removeValueChangeListener(id);
    s.deliver({ values: { a: '9' } });
    await s.tick();
    assert.deepEqual(heard.at(-1), ['a', 2, 9, true]);
    s.deliver({ values: 'not an object' });
    s.deliver({ values: null });
  });

  it('gives a script that may only write no snapshot and no reading call', () => {
    const s = sandbox({ grants: ['GM.setValue'], values: null });
    assert.equal(typeof s.g.GM_setValue, 'function');
    for (const name of ['GM_getValue', 'GM_listValues', 'GM_addValueChangeListener']) assert.equal(typeof s.g[name], 'undefined', name);
    assert.equal(typeof s.g.GM.getValue, 'undefined');
    s.g.GM_setValue('a', 1);
    assert.deepEqual(s.sent.map((m) => m.call), ['GM.setValue']);
  });

  it('gives GM_info to every script, and GM unfrozen for polyfills; nothing else without grants', () => {
    const s = sandbox({ grants: [] }, { messages: false });
    assert.equal(s.g.GM_info.script.name, 'T');
    assert.ok(Object.isFrozen(s.g.GM_info));
    assert.ok(!Object.isFrozen(s.g.GM));
    s.g.GM.log = () => 'added by a polyfill';
    assert.deepEqual(Object.keys(s.g.GM).sort(), ['info', 'log']);
    for (const [name] of SPELLINGS) if (name !== 'GM_info') assert.equal(typeof s.g[name], 'undefined', name);
    assert.equal(s.g.dom, undefined);
  });

  it('reads resources given at the start, and says which one must be awaited', async () => {
    const s = sandbox({ grants: ['GM.getResourceText'], resources: { small: 'text' }, resourceNames: ['small', 'huge'] });
    assert.equal(s.g.GM_getResourceText('small'), 'text');
    assert.throws(() => s.g.GM_getResourceText('huge'), /await GM.getResourceText/);
    assert.throws(() => s.g.GM_getResourceText('nope'), /no @resource is named nope/);
    s.g.GM.getResourceText('huge');
    assert.deepEqual(s.sent.map((m) => [m.call, ...m.args]), [['GM.getResourceText', 'huge']]);
  });

  it('keeps menu commands here: a click runs the registered one only', async () => {
    const s = sandbox({ grants: ['GM.registerMenuCommand'] });
    const ran = [];
    const a = s.g.GM_registerMenuCommand('A', () => ran.push('a'));
    const b = s.g.GM_registerMenuCommand('B', () => ran.push('b'), { id: 'mine' });
    assert.equal(b, 'mine');
    assert.throws(() => s.g.GM_registerMenuCommand('C', 'not a function'), /not a function/);
    s.g.GM_unregisterMenuCommand(a);
    s.deliver({ menu: a });
    s.deliver({ menu: 'mine' });
    s.deliver({ menu: 'toString' });
    s.deliver({ menu: 42 });
    assert.deepEqual(ran, ['b']);
    assert.deepEqual(s.sent.map((m) => [m.call, ...m.args]), [['GM.registerMenuCommand', a, 'A'], ['GM.registerMenuCommand', 'mine', 'B'], ['GM.unregisterMenuCommand', a]]);
    // A command the content script refused is forgotten, and the refusal said.
    await s.answerAll('RangeError: at most 32');
    s.deliver({ menu: 'mine' });
    assert.deepEqual(ran, ['b']);
    assert.ok(s.logged.some(([level, text]) => level === 'error' && /GM_registerMenuCommand: RangeError: at most 32/.test(text)));
  });

  it('answers GM_xmlhttpRequest with callbacks, and no unhandled rejection without them', async () => {
    const s = sandbox({ grants: ['GM.xmlHttpRequest'] });
    let loaded = null;
    const r = s.g.GM_xmlhttpRequest({ url: 'https://a.example/', onload: (res) => { loaded = res.responseText; } });
    assert.equal(typeof r.abort, 'function');
    s.deliver({ reply: s.sent[0].id, ok: true, value: { status: 200, responseText: 'hi' } });
    await s.tick();
    assert.equal(loaded, 'hi');
    let unhandled = 0;
    const count = () => { unhandled++; };
    process.on('unhandledRejection', count);
    s.g.GM_xmlhttpRequest({ url: 'https://a.example/' });
    s.deliver({ reply: s.sent[1].id, ok: false, error: 'Error: refused' });
    await s.tick();
    await s.tick();
    process.off('unhandledRejection', count);
    assert.equal(unhandled, 0);
  });

  it('gives unsafeWindow as the script\'s own window, and throws, naming it, for what only the page has', () => {
    const s = sandbox({ grants: [] });
    const run = (code) => vm.runInContext(code, s.g);
    run('var mine = 7;');
    assert.equal(run('unsafeWindow.mine'), 7, 'the script\'s own globals, as under @grant none');
    assert.equal(run('unsafeWindow.console === console && unsafeWindow.GM_info === GM_info'), true);
    assert.equal(run('"mine" in unsafeWindow && !("ytInitialData" in unsafeWindow)'), true);
    assert.equal(run('unsafeWindow.then'), undefined, 'a promise resolving to it reads then');
    assert.equal(run('Promise.resolve(unsafeWindow) instanceof Promise'), true);
    for (const code of ['unsafeWindow.ytInitialData', 'typeof unsafeWindow.jwplayer', 'unsafeWindow.jQuery || 1']) {
      assert.throws(() => run(code), (e) => e.name === 'TypeError' && /^unsafeWindow\.\w+ is not available to a sandboxed userscript: the page's own JavaScript objects are not given/.test(e.message), code);
    }
    // Exposing something to the page, the other use: refused, naming it; the window is unchanged.
    assert.throws(() => run('unsafeWindow.myApi = function () {}'), /^TypeError: setting unsafeWindow\.myApi is not available/);
    assert.throws(() => run('Object.defineProperty(unsafeWindow, "exported", { value: 1 })'), /^TypeError: defining unsafeWindow\.exported is not available/);
    assert.equal(run('typeof myApi + typeof exported'), 'undefinedundefined');
    run('unsafeWindow.mine = 8');
    assert.equal(run('mine'), 8, 'a name the window has is set on it');
  });

  it('gives fetch and XMLHttpRequest only to a script let send requests', () => {
    for (const init of [{}, { grants: ['GM.xmlHttpRequest'] }, { page: { requests: false, navigate: true } }]) {
      const s = sandbox(init);
      assert.equal(s.g.fetch, undefined);
      assert.equal(s.g.XMLHttpRequest, undefined);
    }
    const s = sandbox({ page: { requests: true, navigate: false } });
    assert.equal(typeof s.g.fetch, 'function');
    assert.equal(typeof s.g.XMLHttpRequest, 'function');
  });

  const ANSWER = { status: 201, statusText: 'Created', finalUrl: 'https://page.example/api', responseHeaders: 'Content-Type: application/json\r\nX-Two: a\r\nx-two: b', responseText: '{"n":1}' };

  it('fetch is a GM.xmlHttpRequest with the text of its body, and answers a Response', async () => {
    const s = sandbox({ page: { requests: true, navigate: false } });
    const got = s.g.fetch('/api', { method: 'post', headers: { 'Content-Type': 'application/json', 'X-A': 1 }, body: '{"q":2}' });
    const [m] = s.sent;
    assert.equal(m.call, 'GM.xmlHttpRequest');
    assert.deepEqual(m.args[0], { method: 'POST', url: '/api', headers: { 'content-type': 'application/json', 'x-a': '1' }, data: '{"q":2}', key: 1 });
    s.deliver({ reply: m.id, ok: true, value: ANSWER });
    const r = await got;
    assert.equal(r.status, 201);
    assert.equal(r.ok, true);
    assert.equal(r.url, 'https://page.example/api');
    assert.equal(r.headers.get('content-type'), 'application/json');
    assert.equal(r.headers.get('X-TWO'), 'a, b');
    assert.ok(r instanceof s.g.Response);
    const copy = r.clone();
    assert.deepEqual({ ...(await r.json()) }, { n: 1 });
    assert.equal(r.bodyUsed, true);
    await assert.rejects(r.text(), /already read/);
    const third = copy.clone();
    assert.equal(await copy.text(), '{"n":1}');
    await assert.rejects(third.arrayBuffer(), /binary body does not cross/);
  });

  it('fetch fails as a browser does: a TypeError naming the refusal, AbortError on abort', async () => {
    const s = sandbox({ page: { requests: true, navigate: false } });
    const refused = s.g.fetch('https://other.example/');
    s.deliver({ reply: s.sent[0].id, ok: false, error: 'Error: GM.xmlHttpRequest: other.example is not a @connect host you approved for this script' });
    await assert.rejects(refused, (e) => e.name === 'TypeError' && e.message === 'fetch: other.example is not a @connect host you approved for this script');
    // A body that would cross mangled is refused before anything is sent.
    await assert.rejects(s.g.fetch('/x', { method: 'POST', body: new Uint8Array(2) }), /only a text body/);
    assert.equal(s.sent.length, 1);
    // An AbortSignal-like signal aborts the request under its key.
    let onAbort = null;
    const signal = { aborted: false, addEventListener: (type, f) => { if (type === 'abort') onAbort = f; } };
    const pending = s.g.fetch('/slow', { signal });
    onAbort();
    const abort = s.sent.find((m) => m.call === 'GM.xmlHttpRequest.abort');
    assert.deepEqual(abort.args, [s.sent[1].args[0].key]);
    s.deliver({ reply: s.sent[1].id, ok: false, error: 'Error: GM.xmlHttpRequest: aborted' });
    await assert.rejects(pending, (e) => e.name === 'AbortError');
    await assert.rejects(s.g.fetch('/x', { signal: { aborted: true } }), (e) => e.name === 'AbortError');
  });

  it('XMLHttpRequest goes through its states and events, as jQuery and old scripts use it', async () => {
    const s = sandbox({ page: { requests: true, navigate: false } });
    const x = new s.g.XMLHttpRequest();
    const seen = [];
    x.onreadystatechange = () => seen.push(`state ${x.readyState}`);
    x.addEventListener('load', (e) => seen.push(`load ${e.target === x}`));
    x.onloadend = () => seen.push('loadend');
    assert.throws(() => x.open('GET', '/a', false), /synchronous request is not available/);
    assert.throws(() => x.send(), /call open\(\) first/);
    x.open('GET', '/api');
    x.setRequestHeader('X-A', '1');
    x.setRequestHeader('X-A', '2');
    x.responseType = 'json';
    x.send();
    assert.deepEqual(s.sent[0].args[0], { method: 'GET', url: '/api', headers: { 'X-A': '1, 2' }, data: undefined, timeout: undefined, key: 1 });
    assert.equal(x.getResponseHeader('content-type'), null);
    s.deliver({ reply: s.sent[0].id, ok: true, value: ANSWER });
    await s.tick();
    assert.deepEqual(seen, ['state 1', 'state 2', 'state 3', 'state 4', 'load true', 'loadend']);
    assert.equal(x.status, 201);
    assert.equal(x.response.n, 1);
    assert.equal(x.responseText, '{"n":1}');
    assert.equal(x.getAllResponseHeaders(), 'Content-Type: application/json\r\nX-Two: a\r\nx-two: b\r\n');
    assert.equal(x.getResponseHeader('x-two'), 'a, b');
    assert.equal('withCredentials' in x, true, 'jQuery reads it to decide it can ask other origins');
    // A refusal is an `error` event (and said on the console), an abort an `abort` event.
    const y = new s.g.XMLHttpRequest();
    const events = [];
    y.onerror = () => events.push('error');
    y.onabort = () => events.push('abort');
    y.open('GET', 'https://other.example/');
    y.send();
    s.deliver({ reply: s.sent[1].id, ok: false, error: 'Error: GM.xmlHttpRequest: other.example is not a @connect host you approved for this script' });
    await s.tick();
    const z = new s.g.XMLHttpRequest();
    z.onabort = () => events.push('abort');
    z.open('GET', '/slow');
    z.send();
    z.abort();
    assert.deepEqual(events, ['error', 'abort']);
    assert.equal(z.readyState, 0);
    assert.ok(s.sent.some((m) => m.call === 'GM.xmlHttpRequest.abort' && m.args[0] === 3));
  });

  describe('localStorage and sessionStorage', () => {
    const storage = (local, session = { entries: {} }, localMax = 100) => ({ storage: { areas: [local, session], localMax, sessionMax: 50, keysMax: 4, writeChars: 256 * 1024 } });

    it('reads the snapshot, by method and as properties (a key named as a method only by getItem, as natively)', () => {
      const s = sandbox(storage({ entries: { theme: 'dark', __proto__x: '1', getItem: 'shadowed?' } }));
      const v = structuredClone(vm.runInContext(`[localStorage.getItem('theme'), localStorage.theme, localStorage['theme'], localStorage.getItem('none'), localStorage.none,
        localStorage.length, typeof localStorage.getItem, localStorage.getItem('getItem'), Object.keys(localStorage).join(','), 'theme' in localStorage,
        JSON.stringify(localStorage), localStorage instanceof Object, sessionStorage.length]`, s.g));
      assert.deepEqual(v, ['dark', 'dark', 'dark', null, undefined, 3, 'function', 'shadowed?', 'theme,__proto__x', true,
        '{"theme":"dark","__proto__x":"1"}', true, 0]);
    });

    it('writes a turn\'s changes in one call at its end, as strings, in order', async () => {
      const s = sandbox(storage({ entries: { a: '1' } }));
      vm.runInContext(`localStorage.setItem('b', 2); localStorage.c = { x: 1 }; localStorage.removeItem('a'); localStorage.setItem('b', 'two'); delete localStorage.c;
        sessionStorage.setItem('s', true);`, s.g);
      assert.deepEqual(s.sent, [], 'nothing sent within the turn');
      assert.deepEqual(structuredClone(vm.runInContext('[localStorage.b, localStorage.c, localStorage.a, localStorage.length, sessionStorage.s]', s.g)), ['two', undefined, undefined, 1, 'true']);
      await s.tick();
      assert.deepEqual(s.sent.map((m) => [m.call, m.args]), [
        ['storage.write', ['local', false, [['b', 'two'], ['c', null], ['a', null]]]],
        ['storage.write', ['session', false, [['s', 'true']]]],
      ]);
      vm.runInContext('localStorage.clear(); localStorage.setItem("z", "1")', s.g);
      await s.tick();
      assert.deepEqual(s.sent.at(-1).args, ['local', true, [['z', '1']]]);
    });

    it('throws QuotaExceededError past its limit and keeps what it had', () => {
      const s = sandbox(storage({ entries: { a: 'x'.repeat(40) } }, { entries: {} }, 100));
      const v = structuredClone(vm.runInContext(`const out = [];
        try { localStorage.setItem('b', 'y'.repeat(60)); } catch (e) { out.push(e.name); }
        localStorage.setItem('b', 'y'.repeat(40)); out.push(localStorage.length);
        try { localStorage.a = 'x'.repeat(60); } catch (e) { out.push(e.name, localStorage.a.length); }
        out`, s.g));
      assert.deepEqual(v, ['QuotaExceededError', 2, 'QuotaExceededError', 40]);
    });

    it('counts what it costs as JSON, keeps at most its number of keys, and sends a large turn in pieces', async () => {
      const s = sandbox(storage({ entries: {} }, { entries: {} }, 1e6));
      const v = structuredClone(vm.runInContext(`const out = [];
        for (let i = 0; i < 5; i++) { try { localStorage.setItem('k' + i, '"'); out.push('k' + i); } catch (e) { out.push(e.name); } }
        localStorage.clear();
        localStorage.setItem('a', 'x'.repeat(200000)); localStorage.setItem('b', 'y'.repeat(200000));
        out`, s.g));
      assert.deepEqual(v, ['k0', 'k1', 'k2', 'k3', 'QuotaExceededError']);
      await s.tick();
      const writes = s.sent.filter((m) => m.call === 'storage.write').map((m) => [m.args[1], m.args[2].map(([k]) => k)]);
      assert.deepEqual(writes, [[true, ['a']], [false, ['b']]], 'the clear with the first piece, each piece under one message');
    });

    it('throws SecurityError, saying why, where the page has no origin to keep it for', () => {
      const s = sandbox(storage({ refused: 'storage: this page has no origin of its own to keep storage for' }, { refused: 'no tab' }));
      const v = structuredClone(vm.runInContext(`const out = []; for (const f of [() => localStorage, () => sessionStorage.length]) { try { f(); } catch (e) { out.push(e.name + ': ' + e.message); } } out`, s.g));
      assert.deepEqual(v, ['SecurityError: localStorage: storage: this page has no origin of its own to keep storage for', 'SecurityError: sessionStorage: no tab']);
    });

    it('cannot be redefined or given another prototype, and writes nothing when asked to', async () => {
      const s = sandbox(storage({ entries: {} }));
      const v = structuredClone(vm.runInContext(`const out = [];
        try { Object.defineProperty(localStorage, 'x', { value: '1' }); } catch (e) { out.push(e.name); }
        try { Object.setPrototypeOf(localStorage, null); } catch (e) { out.push(e.name); }
        out.push(localStorage.length, localStorage.x); out`, s.g));
      await s.tick();
      assert.deepEqual(v, ['TypeError', 'TypeError', 0, undefined]);
      assert.deepEqual(s.sent, []);
    });
  });
});
