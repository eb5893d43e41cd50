'use strict';
// Runs the userscripts the background says match this page (or frame), each in a sandbox of its
// own, at its `@run-at`: the GM prelude (only when the script has grants), its `@require`s in
// order, then the script. The sandbox is opened as soon as the background has answered, while
// the page loads, so that its start-up (most of the wait before a script runs) overlaps the
// page's; only the run waits for `@run-at`. A GM call arrives as a message from the sandbox and is answered only if the
// script was granted it; the background checks again before touching storage or tabs. DOM
// calls (`dom.*`) are answered here by content/userscript-dom.js, per its grants.
// Outcomes go to the popup's registry and to the script's run history.

/* global paranoidExtension, openSandbox, paranoidPolicy, paranoidUserscriptPrelude, paranoidDomState, paranoidDomCall, paranoidCssRefusal */
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

/** GM calls the content script answers itself (they touch this page); the rest go to the background
 * (GM.setClipboard too: a page's clipboard wants the page focused and secure). */
const paranoidGmHere = {
  'GM.addStyle': async ([css]) => {
    if (typeof css !== 'string') throw new TypeError('GM.addStyle: the CSS must be a string');
    // CSS that would make the page load something is refused (content/userscript-css.js).
    const refused = paranoidCssRefusal(css, paranoidPolicy().userscripts.addStyle);
    if (refused !== null) throw new TypeError(`GM.addStyle: refused, ${refused}`);
    const style = document.createElement('style');
    style.textContent = css;
    (document.head ?? document.documentElement).append(style);
    return null;
  },
};

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
  const cpuMs = Math.min(paranoidPolicy().userscripts.defaultCpuMs, site.cpuCapMs);
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
      const update = registry.add({ origin: 'userscript', name: String(script.name), source: 'userscript' });
      const grants = new Set(script.grants);
      const domState = paranoidDomState();
      // GM calls in the last second: past the policy's rate they are refused here, before the
      // background (which counts them too, over all of the script's pages) is asked.
      const calls = [];
      const rate = paranoidPolicy().userscripts.gmCallsPerSecond;
      let sandbox;
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
        // Aborting a request comes with the grant to make one.
        const grant = data.call === 'GM.xmlHttpRequest.abort' ? 'GM.xmlHttpRequest' : data.call;
        if (!grants.has(grant)) { reply(false, `${data.call} was not granted to this script`); return; }
        const now = Date.now();
        while (calls.length > 0 && calls[0] <= now - 1000) calls.shift();
        if (calls.length >= rate) { reply(false, `RangeError: ${data.call}: this script made over ${rate} GM calls in the last second`); return; }
        calls.push(now);
        try {
          if (Object.hasOwn(paranoidGmHere, data.call)) { reply(true, await paranoidGmHere[data.call](args)); return; }
          const r = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:gm', id: script.id, name: data.call, args });
          if (r?.ok) reply(true, r.value); else reply(false, r?.error ?? 'no answer');
        } catch (error) {
          reply(false, `${error.name}: ${error.message}`);
        }
      };
      try {
        sandbox = await open({
          cpuMs,
          capabilities: { messages: grants.size > 0 },
          onMessage: (data) => { update({ message: true }); answer(data); },
          onEvent: (event) => {
            if (event.type === 'console') console.log(`[paranoid ${script.name}]`, String(event.text));
            else if (event.type === 'uncaught') { update({ status: 'error', reason: `${event.error?.name}: ${event.error?.message}` }); outcome(script, 'error', event.error?.message); }
            else if (event.type === 'killed') { update({ status: 'killed', reason: event.reason, cpuMs: event.cpuMs }); outcome(script, 'killed', event.reason); }
            else if (event.type === 'quiet') update({ cpuMs: event.cpuMs });
          },
        });
      } catch (error) {
        update({ status: 'error', reason: String(error.message) });
        outcome(script, 'error', error.message);
        return;
      }
      await paranoidRunAtReached(script.runAt);
      const parts = [];
      if (grants.size > 0) parts.push({ text: `(${Function.prototype.toString.call(paranoidUserscriptPrelude)})();`, file: 'paranoid:gm-prelude', init: true });
      for (const r of script.requires) parts.push({ text: r.text, file: r.url });
      parts.push({ text: script.source, file: `userscript:${script.name}` });
      sandboxes.set(script.id, sandbox);
      update({ status: 'running' });
      for (const part of parts) {
        const result = await sandbox.run(part.text, part.file);
        if (result.status === 'rejected') {
          update({ status: 'rejected', diagnostics: result.diagnostics, reason: `${part.file}: ${result.diagnostics?.[0]?.message ?? 'rejected'}` });
          outcome(script, 'rejected', result.diagnostics?.[0]?.message);
          return;
        }
        if (result.status !== 'ok') {
          const reason = result.error ? `${result.error.name}: ${result.error.message}` : String(result.reason);
          update({ status: result.status === 'killed' ? 'killed' : 'error', reason });
          if (result.status !== 'killed') outcome(script, 'error', reason);
          return;
        }
        if (part.init) await sandbox.post({ init: { grants: script.grants, info: script.info } });
      }
      update({ status: 'ran' });
      outcome(script, 'ran', '');
    })();
  }
}
