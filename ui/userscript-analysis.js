'use strict';
// Everything the user must see before a userscript is installed or changed, computed in one
// place for the install page and the options page's editor: the metadata as rust-meta reads it,
// the core's vet report on the code, and each `@require` / `@resource` fetched once (no
// cookies), checked against its pinned hash, and (for code) vetted too. Nothing here runs the
// script. A script is installable only if every part passed.

/* global paranoidPolicy, paranoidWasmCall, paranoidReadBytes, paranoidDecodeUtf8 */
/* exported paranoidAnalyseUserscript, paranoidExcerpt, paranoidStoredDownloads, paranoidConnectText */

/**
 * The line of `source` a diagnostic points at, and a caret under its (UTF-16) column.
 * @param {string} source
 * @param {number} line 1-based
 * @param {number} [column] 1-based
 * @returns {{ text: string, caret: string }}
 */
function paranoidExcerpt(source, line, column) {
  const lines = source.split(/\r\n|\n|\r|\u2028|\u2029/);
  const whole = lines[line - 1] ?? '';
  // A line can be kilobytes (an `@icon` as a `data:` image): its start, marked as cut.
  const text = whole.length > 300 ? `${whole.slice(0, 300)}…` : whole;
  const caret = column ? `${text.slice(0, column - 1).replace(/[^\t]/g, ' ')}^` : '';
  return { text, caret };
}

async function paranoidDigest(integrity, bytes) {
  const [algorithm] = integrity.split('-', 1);
  const name = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' }[algorithm];
  const digest = new Uint8Array(await crypto.subtle.digest(name, bytes));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return `${algorithm}-${btoa(binary)}`;
}

/** Fetches one pinned download and checks it; code (`@require`) is vetted as well. */
async function paranoidFetchPinned(kind, pinned) {
  const limit = paranoidPolicy().userscripts.maxBytes;
  const out = { kind, name: pinned.name ?? null, url: pinned.url, integrity: pinned.integrity, ok: false, error: null, text: null, digest: null, diagnostics: [] };
  let bytes;
  try {
    const response = await fetch(pinned.url, { credentials: 'omit', redirect: 'follow', cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    bytes = await paranoidReadBytes(response, limit);
  } catch (error) {
    out.error = `cannot fetch it: ${error.message}`;
    return out;
  }
  out.digest = await paranoidDigest(pinned.integrity ?? 'sha256-', bytes);
  if (pinned.integrity && out.digest !== pinned.integrity) {
    out.error = `its hash is ${out.digest}, not the ${pinned.integrity} the metadata pins: it was changed, or the hash is wrong`;
    return out;
  }
  try {
    out.text = paranoidDecodeUtf8(bytes);
  } catch (error) {
    out.error = error.message;
    return out;
  }
  if (kind === 'require') {
    const vet = await paranoidWasmCall('core', 'paranoid_vet', out.text, 0);
    out.diagnostics = vet.diagnostics ?? [];
    if (!vet.ok) { out.error = `its code is refused (${out.diagnostics.length} problems)`; return out; }
  }
  out.ok = true;
  return out;
}

/**
 * @param {string} source the script's text
 * @returns {Promise<{ ok: boolean, meta: any, vet: { ok: boolean, diagnostics: any[] }, downloads: any[], refusals: string[], page?: { reads: boolean, writes: boolean, names: string[] } }>}
 */
async function paranoidAnalyseUserscript(source) {
  const refusals = [];
  const limit = paranoidPolicy().userscripts.maxBytes;
  const size = new TextEncoder().encode(source).length;
  if (size > limit) {
    return { ok: false, meta: null, vet: { ok: false, diagnostics: [] }, downloads: [], refusals: [`the script is ${size} bytes, over the limit of ${limit}`] };
  }
  // TextEncoder would silently turn a lone surrogate into U+FFFD: the vetted text must be the text that runs.
  if (!source.isWellFormed()) {
    return { ok: false, meta: null, vet: { ok: false, diagnostics: [] }, downloads: [], refusals: ['the script contains a lone surrogate (text that is not valid Unicode)'] };
  }
  const meta = await paranoidWasmCall('meta', 'paranoid_userscript', source);
  // As it runs: wrapped in a function, as the managers run a script (a top-level `return` ends it).
  const vet = await paranoidWasmCall('core', 'paranoid_vet_userscript', source, 0);
  if (!meta.ok) refusals.push(`its metadata has ${meta.errors.length} error${meta.errors.length === 1 ? '' : 's'}`);
  if (!vet.ok) refusals.push(`its code is refused (${vet.diagnostics.length} problem${vet.diagnostics.length === 1 ? '' : 's'})`);
  const downloads = [];
  if (meta.ok) {
    const wanted = [...meta.metadata.requires.map((r) => ['require', r]), ...meta.metadata.resources.map((r) => ['resource', r])];
    downloads.push(...await Promise.all(wanted.map(([kind, pinned]) => paranoidFetchPinned(kind, pinned))));
    for (const d of downloads) if (!d.ok) refusals.push(`${d.kind === 'require' ? '@require' : `@resource ${d.name}`} ${d.url}: ${d.error}`);
  }
  const page = await paranoidPageUse([source, ...downloads.filter((d) => d.kind === 'require' && d.ok).map((d) => d.text)]);
  return { ok: refusals.length === 0, meta, vet, downloads, refusals, page };
}

/**
 * What of the page the script's code and its `@require`s reach for (rust-core's page_use, from
 * their free names): `reads`, `writes`, `requests`, `navigates` and `presses` are what the install page
 * ticks for the user to confirm or deny, `names` why. Code that does not parse asks for nothing (it is refused anyway).
 * @param {string[]} texts
 */
async function paranoidPageUse(texts) {
  const out = { reads: false, writes: false, requests: false, navigates: false, presses: false, names: [] };
  for (const [i, text] of texts.entries()) {
    const use = await paranoidWasmCall('core', 'paranoid_page_use', text);
    if (!use.ok) continue;
    out.reads ||= use.reads;
    out.writes ||= use.writes;
    out.requests ||= use.requests;
    out.navigates ||= use.navigates;
    // Pressing is read from the script's own code (the first text): a library's `.focus()`
    // runs only when the script asks for it, in a call its own code names (jQuery's `.click()`).
    const presses = i === 0 && use.presses === true;
    out.presses ||= presses;
    for (const name of use.names) if (!out.names.includes(name) && (presses || !name.startsWith('.'))) out.names.push(name);
  }
  return out;
}

/**
 * What a stored record keeps of an analysis's downloads: `requires` and `resources`.
 * @param {any[]} downloads from paranoidAnalyseUserscript, all passed
 */
function paranoidStoredDownloads(downloads) {
  const kept = (d) => ({ url: d.url, integrity: d.integrity, digest: d.digest, text: d.text });
  return {
    requires: downloads.filter((d) => d.kind === 'require').map(kept),
    resources: downloads.filter((d) => d.kind === 'resource').map((d) => ({ name: d.name, ...kept(d) })),
  };
}

/** A `@connect` host as rust-meta gave it, back in the form the metadata writes it. */
function paranoidConnectText(c) {
  return c.kind === 'any' ? '*' : c.kind === 'page' ? 'self' : c.host;
}
