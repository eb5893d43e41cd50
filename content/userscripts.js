'use strict';
// Runs the userscripts the background says match this page (or frame), each in a sandbox of its
// own, at its `@run-at`: the GM prelude (only when the script has grants), its `@require`s in
// order, then the script. The sandbox is opened as soon as the background has answered, while
// the page loads, so that its start-up (most of the wait before a script runs) overlaps the
// page's, and so is the page's replica for a script that reads the page; only the run waits
// for `@run-at`. A GM call arrives as a message from the sandbox and is answered only if the
// script was granted it; the background checks again before touching storage or tabs. DOM
// calls (`dom.*`) are answered here by content/userscript-dom.js, per its grants.
// Outcomes go to the popup's registry and to the script's run history.

/* global paranoidExtension, openSandbox, paranoidPolicy, paranoidDomState, paranoidDomCall, paranoidCssRefusal, paranoidOpenReplica, paranoidUserscriptMay */
/* exported paranoidUserscripts, paranoidAskUserscripts */

/** Resolves when the page has reached `runAt`. */
function paranoidRunAtReached(runAt) {
  const loaded = (state) => new Promise((resolve) => {
    const ready = () => (state === 'interactive' ? document.readyState !== 'loading' : document.readyState === 'complete');
    if (ready()) { resolve(); return; }
    const check = () => { if (ready()) { document.removeEventListener('readystatechange', check); resolve(); } };
    document.addEventListener('readystatechange', check);
  });
  if (runAt === 'document-start') return Promise.resolve();
  if (runAt === 'document-idle') return loaded('complete');
  return loaded('interactive');
}

/** A `<style>` added to the page, only if nothing in its CSS loads (content/userscript-css.js). */
function paranoidAddStyle(call, css) {
  if (typeof css !== 'string') throw new TypeError(`${call}: the CSS must be a string`);
  const refused = paranoidCssRefusal(css, paranoidPolicy().userscripts.addStyle);
  if (refused !== null) throw new TypeError(`${call}: refused, ${refused}`);
  const style = document.createElement('style');
  style.textContent = css;
  (document.head ?? document.documentElement).append(style);
  return null;
}

/** GM calls the content script answers itself (they touch this page); the rest go to the background
 * (GM.setClipboard too: a page's clipboard wants the page focused and secure). */
const paranoidGmHere = {
  'GM.addStyle': async ([css]) => paranoidAddStyle('GM.addStyle', css),
  // GM_addElement('style', { textContent }) is a style: read as GM.addStyle reads one. Every
  // other element it adds is a change to the replica, applied as the page's policy allows.
  'GM.addElement.style': async ([css]) => paranoidAddStyle('GM_addElement', css),
};

/** "Name: message (file, line L)": where a script failed, in the words the popup shows. */
function paranoidErrorText(error) {
  const text = `${error?.name}: ${error?.message}`;
  if (error?.file && Number.isSafeInteger(error.line)) return `${text} (${String(error.file)}, line ${error.line})`;
  return text;
}

/**
 * A script's stored values as its sandbox sees them: `snapshot()` (name → JSON text, or null
 * when the script may not read them), then `follow(post)`, which hands each change stored by
 * another of its pages, as `{ name: JSON text or null }`. Listening starts before the read, so
 * no change falls between; the sandbox ignores what it already has.
 */
function paranoidValuesReader(script, grants) {
  const readable = ['GM.getValue', 'GM.listValues', 'GM.addValueChangeListener'].some((g) => grants.has(g));
  const key = String(script.valuesKey);
  let post = null;
  const early = [];
  const changes = (changed, area) => {
    if (area !== 'local' || !Object.hasOwn(changed, key)) return;
    const valid = (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
    const before = valid(changed[key].oldValue);
    const after = valid(changed[key].newValue);
    const diff = {};
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[name] !== after[name]) diff[name] = typeof after[name] === 'string' ? after[name] : null;
    }
    if (Object.keys(diff).length === 0) return;
    if (post === null) early.push(diff); else post(diff);
  };
  if (readable) paranoidExtension.storage.onChanged.addListener(changes);
  return {
    async snapshot() {
      if (!readable) return null;
      let stored;
      try { stored = (await paranoidExtension.storage.local.get(key))[key]; } catch { stored = undefined; }
      const values = {};
      if (stored !== null && typeof stored === 'object' && !Array.isArray(stored)) {
        for (const [name, json] of Object.entries(stored)) if (typeof json === 'string') values[name] = json;
      }
      return values;
    },
    follow(to) {
      if (!readable) return;
      post = to;
      for (const diff of early.splice(0)) post(diff);
    },
  };
}

/** Asks the background which scripts run here; main.js asks before it has read the site's settings. */
function paranoidAskUserscripts() {
  return paranoidExtension.runtime.sendMessage({ type: 'paranoid:userscripts-for' }).catch(() => null);
}

/**
 * @param {{ enabled: boolean, cpuCapMs: number }} site
 * @param {{ add: (fields: object) => (change: object) => void }} registry
 * @param {Promise<unknown>} asked the background's answer (paranoidAskUserscripts)
 * @param {(options: object) => Promise<object>} [open]
 */
async function paranoidUserscripts(site, registry, asked, open = openSandbox) {
  const scripts = await asked;
  if (!Array.isArray(scripts)) return;
  // The texts the build transpiled, asked for once: the GM prelude (every script's), and the
  // replica's DOM library only when a script here may read or change the page.
  const prebuilt = (name) => paranoidExtension.runtime.sendMessage({ type: 'paranoid:prebuilt', name })
    .then((text) => (typeof text === 'string' ? text : Promise.reject(new Error(`the extension's ${name} is not available`))));
  const usesPage = (script) => script.page?.read === true || script.page?.write === true || script.page?.press === true;
  const domLibrary = scripts.some(usesPage) ? prebuilt('dom-library') : null;
  const gmPrelude = scripts.length > 0 ? prebuilt('gm-prelude') : null;
  const cpuMsOf = (script) => Math.min(usesPage(script) ? paranoidPolicy().userscripts.pageCpuMs : paranoidPolicy().userscripts.defaultCpuMs, site.cpuCapMs);
  const outcome = (script, result, detail) => {
    paranoidExtension.runtime.sendMessage({ type: 'paranoid:us-outcome', id: script.id, outcome: result, detail }).catch(() => {});
  };

  // A click on a script's notification, from the background: handed to that script's sandbox.
  const sandboxes = new Map();
  paranoidExtension.runtime.onMessage.addListener((message, sender) => {
    if (sender.id !== paranoidExtension.runtime.id || message === null || typeof message !== 'object') return undefined;
    if (message.type !== 'paranoid:us-notification' || typeof message.notification !== 'string') return undefined;
    sandboxes.get(message.script)?.post({ notification: message.notification, event: message.event === 'click' ? 'click' : 'done' });
    return undefined;
  });

  for (const script of scripts) {
    (async () => {
      const grants = new Set(script.grants);
      // Menu commands: id → caption, shown on the script's entry in the popup.
      const menu = new Map();
      const update = registry.add({
        origin: 'userscript', name: String(script.name), source: 'userscript',
        onMenu: (command) => { sandbox?.post({ menu: command }); },
      });
      const domState = paranoidDomState();
      // The script's own localStorage and sessionStorage on this site, read while it starts; what
      // was refused instead where the page has no origin to keep them for.
      const stores = paranoidExtension.runtime.sendMessage({ type: 'paranoid:us-storage', id: script.id })
        .then((r) => (r?.ok && Array.isArray(r.value) ? r.value : [0, 1].map(() => ({ refused: String(r?.error ?? 'no answer') }))), (error) => [0, 1].map(() => ({ refused: String(error.message) })));
      // GM calls in the last second: past the policy's rate they are refused here, before the
      // background (which counts them too, over all of the script's pages) is asked.
      const calls = [];
      const limits = paranoidPolicy().userscripts;
      let sandbox;
      // The page replica's content-script side, once the script's run-at is reached.
      let replica = null;
      const showMenu = () => { update({ menu: [...menu].map(([id, caption]) => ({ id, caption })) }); };
      // The calls this content script answers itself: those of every script, and the menu's.
      const here = {
        ...paranoidGmHere,
        'GM.registerMenuCommand': async ([id, caption]) => {
          if (typeof id !== 'string' || id.length > limits.menuCaptionMax) throw new TypeError('GM.registerMenuCommand: the id must be a short string');
          if (!menu.has(id) && menu.size >= limits.menuCommandsMax) throw new RangeError(`GM.registerMenuCommand: a script has at most ${limits.menuCommandsMax} menu commands`);
          menu.set(id, String(caption).slice(0, limits.menuCaptionMax));
          showMenu();
          return id;
        },
        'GM.unregisterMenuCommand': async ([id]) => {
          menu.delete(String(id));
          showMenu();
          return null;
        },
      };
      // `location` assigned, or `window.open`: only for a script the user let open pages, only
      // to http(s); a new window is a tab the background opens (GM.openInTab's limit).
      const navigate = async (data) => {
        const refuse = (why) => { sandbox.post({ dom: 'refused', reasons: [why] }); };
        if (script.page?.navigate !== true) { refuse('navigating is a power this script was not given'); return; }
        // The address moved within the page's site (nothing loads), or a step through its history.
        if (data.how === 'pushState' || data.how === 'replaceState') {
          let url;
          try { url = new URL(data.url === null ? location.href : String(data.url), location.href); } catch { refuse(`history.${data.how}: the address is not a URL`); replica?.movedByScript(); return; }
          if (url.origin !== location.origin) { refuse(`history.${data.how}: only an address of this page's origin (${location.origin}) is pushed`); replica?.movedByScript(); return; }
          // The site's own state stays with its entry when the script only rewrites the address.
          // The browser may still refuse (an address with a user name, a flood of moves).
          try {
            if (data.how === 'pushState') history.pushState(null, '', url.href); else history.replaceState(history.state, '', url.href);
          } catch (error) { refuse(`history.${data.how}: ${String(error.message).slice(0, 200)}`); }
          replica?.movedByScript();
          return;
        }
        if (data.how === 'go') {
          // A frame's history is its top page's: a frame's script does not move the tab's.
          if (window.self !== window.top) { refuse('history.go: a script in a frame does not move the tab through its history'); return; }
          // 0 reloads, as natively.
          if (!Number.isSafeInteger(data.delta) || Math.abs(data.delta) > 100) { refuse('history.go: the step is not a whole number of at most 100'); return; }
          history.go(data.delta);
          return;
        }
        const how = ['assign', 'replace', 'reload', 'open'].includes(data.how) ? data.how : null;
        const parts = ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
        let url;
        try {
          if (typeof data.part === 'string') {
            if (!parts.includes(data.part) || (data.part === 'protocol' && !/^https?:?$/i.test(String(data.value)))) throw new TypeError('not a part of an http(s) address');
            url = new URL(location.href);
            url[data.part] = String(data.value);
          } else url = how === 'reload' ? new URL(location.href) : new URL(String(data.url), location.href);
        } catch { refuse('the address to go to is not a URL'); return; }
        if (how === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) { refuse(`only http(s) pages are opened, not ${url.protocol}`); return; }
        if (how === 'open') {
          const r = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:gm', id: script.id, name: 'GM.openInTab', args: [url.href, false] }).catch((error) => ({ ok: false, error: error.message }));
          if (!r?.ok) refuse(`window.open: ${r?.error ?? 'no answer'}`);
          return;
        }
        if (how === 'reload') location.reload();
        else if (how === 'replace') location.replace(url.href);
        else location.assign(url.href);
      };
      // `alert()`: shown here, naming the script, for a script that may change the page, at most
      // the policy's number a minute (the layer counts too; this is the check). One at a time, each
      // after a round trip through the worker: in Firefox a dialog holds the worker's messages to
      // its frame (the frame shares the page's process), so a turn whose end was held past one
      // dialog and the next had its sandbox killed for the CPU budget it never used (measured:
      // 1 load in 4, with the test's driver accepting ten dialogs in a row).
      const alerts = [];
      let dialogs = Promise.resolve();
      const showAlert = (data) => {
        const refuse = (why) => { sandbox.post({ dom: 'refused', reasons: [why] }); };
        if (script.page?.write !== true) { refuse('alert: a dialog over the page needs "changes this page"'); return; }
        const now = Date.now();
        while (alerts.length > 0 && alerts[0] <= now - 60000) alerts.shift();
        if (alerts.length >= limits.alertsPerMinute) { refuse(`alert: a script shows at most ${limits.alertsPerMinute} dialogs a minute`); return; }
        alerts.push(now);
        const text = typeof data.text === 'string' ? data.text.slice(0, limits.alertTextMax) : '';
        dialogs = dialogs.then(async () => {
          const settled = await sandbox.report([]);
          if (settled?.type === 'result') return;
          window.alert(`The userscript “${String(script.name).slice(0, 100)}” says:\n\n${text}`);
        }).catch(() => {});
      };
      const answer = async (data) => {
        if (data === null || typeof data !== 'object' || typeof data.call !== 'string' || !Number.isSafeInteger(data.id)) return;
        // An answer that cannot be delivered (over the message limit) still settles the call.
        const reply = async (ok, valueOrError) => {
          const sent = await sandbox.post(ok ? { reply: data.id, ok: true, value: valueOrError ?? null } : { reply: data.id, ok: false, error: String(valueOrError).slice(0, 1000) });
          if (sent?.undelivered) await sandbox.post({ reply: data.id, ok: false, error: `${data.call}: the answer could not be delivered (${sent.reason})` });
        };
        const args = Array.isArray(data.args) ? data.args : [];
        if (data.call.startsWith('dom.')) {
          const granted = { read: grants.has('paranoid.dom.read'), write: grants.has('paranoid.dom.write') };
          try {
            reply(true, paranoidDomCall(domState, granted, data.call.slice(4), args, (listener, event) => sandbox.post({ event: listener, data: event })));
          } catch (error) {
            reply(false, `${error.name}: ${error.message}`);
          }
          return;
        }
        if (!paranoidUserscriptMay(data.call, grants, script.page)) { reply(false, `${data.call} was not granted to this script`); return; }
        const now = Date.now();
        while (calls.length > 0 && calls[0] <= now - 1000) calls.shift();
        if (calls.length >= limits.gmCallsPerSecond) { reply(false, `RangeError: ${data.call}: this script made over ${limits.gmCallsPerSecond} GM calls in the last second`); return; }
        calls.push(now);
        try {
          if (Object.hasOwn(here, data.call)) { reply(true, await here[data.call](args)); return; }
          const r = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:gm', id: script.id, name: data.call, args });
          if (r?.ok) reply(true, r.value); else reply(false, r?.error ?? 'no answer');
        } catch (error) {
          reply(false, `${error.name}: ${error.message}`);
        }
      };
      try {
        sandbox = await open({
          cpuMs: cpuMsOf(script),
          // Every script has the channel: its own localStorage needs no grant (its other calls do).
          capabilities: { messages: true },
          prebuilt: script.code.filter((part) => part.digest !== null).map((part) => part.digest),
          onMessage: (data) => {
            update({ message: true });
            if (data !== null && typeof data === 'object' && data.dom === 'ops') { replica?.apply(data.ops); return; }
            // After the dialogs asked before it: `alert('Saved'); location.reload()` shows the
            // dialog, then reloads, as natively.
            if (data !== null && typeof data === 'object' && data.dom === 'navigate') { dialogs.then(() => navigate(data)).catch((error) => sandbox.post({ dom: 'refused', reasons: [`navigating: ${String(error?.message).slice(0, 200)}`] })); return; }
            if (data !== null && typeof data === 'object' && data.dom === 'alert') { showAlert(data); return; }
            answer(data);
          },
          onEvent: (event) => {
            if (event.type === 'console') console.log(`[paranoid ${script.name}]`, String(event.text));
            else if (event.type === 'uncaught') { const reason = paranoidErrorText(event.error); update({ status: 'error', reason }); outcome(script, 'error', reason); }
            else if (event.type === 'killed') { replica?.stop(); update({ status: 'killed', reason: event.reason, cpuMs: event.cpuMs }); outcome(script, 'killed', event.reason); }
            else if (event.type === 'quiet') update({ cpuMs: event.cpuMs });
          },
        });
      } catch (error) {
        update({ status: 'error', reason: String(error.message) });
        outcome(script, 'error', error.message);
        return;
      }
      // The DOM library loads while the page does: it needs nothing of the page.
      const fail = (status, reason) => { update({ status, reason }); if (status !== 'killed') outcome(script, status, reason); };
      const runPart = async (text, file, { setup = false, prebuilt = false, sourceMap = null, original = null, userscript = false } = {}) => {
        const result = await sandbox.run(text, file, { setup, prebuilt, sourceMap, original, userscript });
        if (result.status === 'rejected') {
          update({ status: 'rejected', diagnostics: result.diagnostics, reason: `${file}: ${result.diagnostics?.[0]?.message ?? 'rejected'}` });
          outcome(script, 'rejected', result.diagnostics?.[0]?.message);
          return false;
        }
        if (result.status !== 'ok') {
          fail(result.status === 'killed' ? 'killed' : 'error', result.error ? paranoidErrorText(result.error) : String(result.reason));
          return false;
        }
        return true;
      };
      // The GM prelude's function, then the DOM library: they need nothing of the page.
      let prelude;
      try { prelude = await gmPrelude; } catch (error) { fail('error', `the GM API: ${error.message}`); return; }
      if (!await runPart(prelude, 'paranoid:gm-prelude.js', { setup: true, prebuilt: true })) return;
      if (usesPage(script)) {
        let library;
        try { library = await domLibrary; } catch (error) { fail('error', `the page replica: ${error.message}`); return; }
        if (!await runPart(library, 'paranoid:replica/domino.js', { setup: true, prebuilt: true })) return;
      }
      // The page as the script's `document`: its root, then the rest as changes, then the
      // page's changes as they happen (started at once, so that none falls between).
      const openReplica = async () => {
        const powers = { read: script.page.read === true, write: script.page.write === true, press: script.page.press === true, navigate: script.page.navigate === true };
        const opened = await paranoidOpenReplica(powers, { runAt: script.runAt, urlchange: grants.has('window.onurlchange') },
          (message, setup) => sandbox.post(message, { setup }), (code, name) => runPart(code, name, { setup: true }));
        if (opened.error !== undefined) { if (opened.error !== null) fail('error', opened.error); return false; }
        replica = opened.host;
        return true;
      };
      // Made while the page loads, not when the script's run-at comes, for a script that reads
      // the page: the page's changes follow it there, so that at DOMContentLoaded only the last
      // of them is left to send, not the whole page (the wait before the script's first change).
      // Without "reads this page" the replica is an empty head and body: made when the page has them.
      const early = usesPage(script) && (script.runAt === 'document-start' || (script.page.read === true && document.documentElement !== null));
      if (early && !await openReplica()) return;
      // The values, read as the script starts, and kept current: changes made elsewhere (another
      // tab of the script's) reach the sandbox as they are stored.
      const values = paranoidValuesReader(script, grants);
      const gm = {
        grants: script.grants, spellings: limits.spellings, info: script.info,
        values: await values.snapshot(), resources: script.resources, resourceNames: script.resourceNames,
        storage: { areas: await stores, localMax: limits.localStorageMaxChars, sessionMax: limits.sessionStorageMaxChars, keysMax: limits.localStorageKeysMax, writeChars: limits.storageWriteChars },
        valueNameMax: limits.valueNameMax, valuesMaxChars: limits.valuesMaxChars,
        page: { requests: script.page?.requests === true, navigate: script.page?.navigate === true },
        // Whether this page is a frame, and one of a frame: `top` and `parent` are then other windows.
        frame: window.self === window.top ? 'top' : window.parent === window.top ? 'child' : 'nested',
      };
      // The script's own code (`@require`s, then the script) comes transpiled already when its
      // stored build is current: those parts run `prebuilt`, by the digests `configure` named.
      const parts = [{ text: `paranoidUserscriptPrelude(JSON.parse(${JSON.stringify(JSON.stringify(gm))}));`, file: 'paranoid:gm-prelude', digest: null, sourceMap: null, original: null }];
      parts.push(...script.code);
      sandboxes.set(script.id, sandbox);
      const runParts = async (from, to) => {
        for (let i = from; i < to; i++) {
          const part = parts[i];
          // The script's own text (the last part) runs wrapped in a function, as the managers
          // run it: a top-level `return` ends it. Its stored build was made so too.
          if (!await runPart(part.text, part.file, { prebuilt: part.digest !== null, sourceMap: part.sourceMap, original: part.original, userscript: i === parts.length - 1 })) return false;
          if (i === 0) values.follow((changed) => sandbox.post({ values: changed }));
        }
        return true;
      };
      // With a replica made while the page loads, the GM API and the `@require`s run then too, as
      // a library in the page's <head> does (before the <body> is parsed: jQuery hears
      // DOMContentLoaded from the replica); only the script itself waits for its run-at. A
      // library's start-up (jQuery's: 30-50 ms) is then no longer between DOMContentLoaded and
      // the script's first change. Other scripts run everything at their run-at.
      const libraries = parts.length - 1;
      if (early) {
        update({ status: 'running' });
        if (!await runParts(0, libraries)) return;
      }
      await paranoidRunAtReached(script.runAt);
      if (usesPage(script) && !early && !await openReplica()) return;
      if (early && script.runAt !== 'document-start') await replica.catchUp();
      if (!early) update({ status: 'running' });
      if (!await runParts(early ? libraries : 0, parts.length)) return;
      if (replica !== null && script.runAt === 'document-start') replica.ready();
      update({ status: 'ran' });
      outcome(script, 'ran', '');
    })();
  }
}
