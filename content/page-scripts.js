'use strict';
// The page's opt-in scripts: every `<script type="text/x-paranoid">`, inline or with `src`,
// present at load or added later, runs in a sandbox of its own (or one shared by name).
// Browsers never run a script of an unknown type, so without the extension nothing runs: the
// tag fails closed by itself. docs/page-scripts.md is the page author's reference.
// Threats: the page is not trusted either. It can set any attribute (each is validated), send
// any event (only `paranoid-post` is read, and only as JSON data), and see everything the
// sandbox sends it (by design: the page asked for the script). Nothing from the page reaches
// the kernel's controls: the messages the host sends are built here, the page supplies data.

/* global openSandbox, paranoidPolicy, paranoidReadText, paranoidCachedBuild, paranoidRunBuild, cloneInto */
/* exported paranoidPageScripts, paranoidPageScriptType */

const paranoidPageScriptType = 'text/x-paranoid';

/** An event's detail as the page can read it: Firefox needs a copy in the page's compartment. */
function paranoidToPage(data) {
  return typeof cloneInto === 'function' ? cloneInto(data, window) : data;
}

/**
 * Reads the tag's attributes against the site's settings.
 * @param {Element} element
 * @param {{ cpuCapMs: number }} site
 * @returns {{ ok: true, cpuMs: number, name: string | null, shared: boolean } | { ok: false, message: string }}
 */
function paranoidPageScriptAttributes(element, site) {
  const limits = paranoidPolicy().pageScripts;
  let cpuMs = Math.min(limits.defaultCpuMs, site.cpuCapMs);
  const cpu = element.getAttribute('data-cpu-ms');
  if (cpu !== null) {
    if (!/^[1-9][0-9]{0,5}$/.test(cpu)) return { ok: false, message: `data-cpu-ms="${cpu.slice(0, 40)}" is not a whole number of milliseconds (1 or more)` };
    // Capped, not refused: the page asks, the user's setting for the site decides.
    cpuMs = Math.min(Number(cpu), site.cpuCapMs);
  }
  let name = element.getAttribute('data-name');
  if (name !== null) {
    if (name.trim() === '' || name.length > limits.nameMax || /[\u0000-\u001f\u007f-\u009f]/.test(name)) {
      return { ok: false, message: `data-name must be 1 to ${limits.nameMax} printable characters` };
    }
    name = name.trim();
  }
  const sharedValue = element.getAttribute('data-shared');
  if (sharedValue !== null && sharedValue !== '' && sharedValue !== 'data-shared') {
    return { ok: false, message: 'data-shared is a boolean attribute: present (empty) or absent' };
  }
  const shared = sharedValue !== null;
  if (shared && name === null) return { ok: false, message: 'data-shared needs a data-name: scripts share the sandbox of their name' };
  return { ok: true, cpuMs, name, shared };
}

/**
 * Fetches a tag's `src` as the page would (its origin, CORS applies) but without the page's
 * cookies unless the user allowed them for the site, and never more than the size limit.
 * @param {string} src
 * @param {boolean} credentials
 * @returns {Promise<string>}
 */
async function paranoidFetchPageScript(src, credentials) {
  const limit = paranoidPolicy().pageScripts.maxBytes;
  let url;
  try { url = new URL(src, document.baseURI); } catch { throw new Error(`src is not a URL: ${src.slice(0, 200)}`); }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`src must be an http(s) URL, not ${url.protocol}`);
  // Firefox's content scripts fetch with the extension's privileges; `content.fetch` is the page's.
  const pageFetch = typeof globalThis.content?.fetch === 'function' ? globalThis.content.fetch.bind(globalThis.content) : fetch;
  let response;
  try {
    response = await pageFetch(url.href, { credentials: credentials ? 'include' : 'omit', mode: 'cors', redirect: 'follow' });
  } catch (error) {
    throw new Error(`cannot fetch ${url.href}: a network error, or a cross-origin src without CORS (${error.message})`);
  }
  if (!response.ok) throw new Error(`cannot fetch ${url.href}: HTTP ${response.status}`);
  if (response.type !== 'basic' && response.type !== 'cors') throw new Error(`cannot fetch ${url.href}: the response is ${response.type}, not readable by the page`);
  try {
    return await paranoidReadText(response, limit);
  } catch (error) {
    throw new Error(`${url.href}: ${error.message}`);
  }
}

/**
 * Finds and runs the page's scripts, now and as they are added.
 * @param {{ enabled: boolean, cpuCapMs: number, credentials: boolean }} site
 * @param {{ add: (fields: object) => (change: object) => void }} registry
 * @param {(options: object) => Promise<object>} [open]
 */
function paranoidPageScripts(site, registry, open = openSandbox) {
  const seen = new WeakSet();
  const groups = new Map(); // data-name → { sandbox: Promise, elements: Set, queue: Promise }
  let inlineCount = 0;

  const emit = (element, type, detail) => {
    element.dispatchEvent(new CustomEvent(type, { detail: paranoidToPage(detail), bubbles: true }));
  };

  const isPageScript = (node) => node instanceof HTMLScriptElement
    && (node.getAttribute('type') || '').trim().toLowerCase() === paranoidPageScriptType;

  /**
   * A sandbox for one tag, or the shared one of its name; its events go to its tags. The tag
   * that opens it may have its text's build from the session's cache (`buildOf()`, a promise):
   * its digest is named in the one `configure` (a shared sandbox's later tags are transpiled in it).
   */
  const sandboxFor = (element, attributes, update, buildOf) => {
    if (attributes.shared && groups.has(attributes.name)) {
      const group = groups.get(attributes.name);
      group.elements.add(element);
      return group;
    }
    const built = buildOf();
    const group = { elements: new Set([element]), queue: Promise.resolve(), updates: [update], opener: element, built };
    const toTags = (type, detail) => { for (const e of group.elements) emit(e, type, detail); };
    group.sandbox = open({
      cpuMs: attributes.cpuMs,
      capabilities: { messages: true },
      prebuilt: built.then((b) => (b === null ? [] : [b.digest])),
      onMessage: (data) => { for (const u of group.updates) u({ message: true }); toTags('paranoid-message', data); },
      onEvent: (event) => {
        if (event.type === 'uncaught') toTags('paranoid-error', errorDetail(event.error));
        else if (event.type === 'console') consoleLine(attributes.name, event);
        else if (event.type === 'killed') {
          for (const u of group.updates) u({ status: 'killed', reason: event.reason, cpuMs: event.cpuMs });
          toTags('paranoid-killed', { reason: String(event.reason), cpuMs: event.cpuMs });
        } else if (event.type === 'quiet') for (const u of group.updates) u({ cpuMs: event.cpuMs });
      },
    });
    group.sandbox.catch(() => {});
    if (attributes.shared) groups.set(attributes.name, group);
    return group;
  };

  const errorDetail = (error) => ({
    name: String(error?.name ?? 'Error'), message: String(error?.message ?? ''),
    line: error?.line ?? null, column: error?.column ?? null, file: error?.file ?? null,
  });
  const consoleLine = (name, event) => {
    const level = ['log', 'info', 'warn', 'error', 'debug'].includes(event.level) ? event.level : 'log';
    console[level](`[paranoid${name ? ` ${name}` : ''}]`, String(event.text));
  };

  const start = async (element) => {
    const src = element.getAttribute('src');
    // A src that is not a URL still gets its registry entry and its FetchError event.
    const href = (text) => { try { return new URL(text, document.baseURI).href; } catch { return text.slice(0, 200); } };
    const label = src !== null ? href(src) : `inline script #${++inlineCount}`;
    const attributes = paranoidPageScriptAttributes(element, site);
    const name = attributes.ok && attributes.name !== null ? attributes.name : label;
    const update = registry.add({ origin: 'page', name, source: label });
    if (!attributes.ok) {
      update({ status: 'error', reason: attributes.message });
      emit(element, 'paranoid-error', { name: 'AttributeError', message: attributes.message, line: null, column: null, file: null });
      return;
    }
    // Fetch now, run in document order within a shared sandbox.
    const source = src !== null ? paranoidFetchPageScript(src, site.credentials) : Promise.resolve(element.textContent);
    source.catch(() => {});
    // Only a tag that opens a sandbox asks for its build: a shared sandbox's later tags could not use it.
    const group = sandboxFor(element, attributes, update, () => source.then(paranoidCachedBuild, () => null));
    if (!group.updates.includes(update)) group.updates.push(update);
    const turn = group.queue.then(async () => {
      let text;
      try { text = await source; } catch (error) {
        update({ status: 'error', reason: error.message });
        emit(element, 'paranoid-error', { name: 'FetchError', message: error.message, line: null, column: null, file: label });
        return;
      }
      let sandbox;
      try { sandbox = await group.sandbox; } catch (error) {
        update({ status: 'error', reason: String(error.message) });
        emit(element, 'paranoid-error', { name: 'SandboxError', message: String(error.message), line: null, column: null, file: null });
        return;
      }
      element.addEventListener('paranoid-post', (event) => {
        sandbox.post(event.detail).then((r) => {
          if (r.status === 'error') emit(element, 'paranoid-error', { name: 'MessageError', message: String(r.reason), line: null, column: null, file: null });
        });
      });
      update({ status: 'running' });
      // Only the tag that opened the sandbox has its build named in the sandbox's `configure`.
      const built = group.opener === element ? await group.built : null;
      const result = await paranoidRunBuild(sandbox, text, built, label);
      if (result.status === 'ok') { update({ status: 'ran' }); emit(element, 'paranoid-ran', { file: label }); }
      else if (result.status === 'rejected') {
        update({ status: 'rejected', diagnostics: result.diagnostics, reason: result.diagnostics?.[0]?.message ?? 'rejected' });
        emit(element, 'paranoid-rejected', { file: label, diagnostics: (result.diagnostics || []).map((d) => ({ code: d.code, message: d.message, line: d.line, column: d.column })) });
      } else if (result.status === 'error') {
        const detail = result.error ? errorDetail(result.error) : { name: 'SandboxError', message: String(result.reason), line: null, column: null, file: null };
        update({ status: 'error', error: detail, reason: `${detail.name}: ${detail.message}` });
        emit(element, 'paranoid-error', detail);
      } else if (result.status === 'killed') {
        update({ status: 'killed', reason: result.reason });
        // `paranoid-killed` comes from the sandbox's own `killed` event.
      }
    });
    group.queue = turn.catch(() => {});
  };

  // While the document loads, an inline tag seen by the observer may not have all its text
  // yet: tags found then start at DOMContentLoaded, in document order.
  let loading = document.readyState === 'loading';
  const found = [];
  const consider = (node) => {
    if (!isPageScript(node) || seen.has(node)) return;
    seen.add(node);
    if (loading) found.push(node); else start(node);
  };
  const scan = (root) => {
    if (root.nodeType !== Node.ELEMENT_NODE && root.nodeType !== Node.DOCUMENT_NODE) return;
    if (root.nodeType === Node.ELEMENT_NODE) consider(root);
    for (const node of root.querySelectorAll('script')) consider(node);
  };
  if (loading) {
    document.addEventListener('DOMContentLoaded', () => {
      loading = false;
      scan(document);
      for (const node of found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))) start(node);
      found.length = 0;
    }, { once: true });
  }
  scan(document);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') consider(record.target);
      else for (const node of record.addedNodes) scan(node);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['type'] });
}
