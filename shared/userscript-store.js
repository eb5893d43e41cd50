'use strict';
// Where installed userscripts live in `storage.local`, one key per script and per script's
// values and history, so that a write touches one script only:
//   paranoid:us:index          → [id, ...] in install order
//   paranoid:us:script:ID      → the record (source, metadata from rust-meta, pinned downloads,
//                                approved @connect hosts, enabled)
//   paranoid:us:values:ID      → { name: JSON text } (GM.setValue; written by the background)
//   paranoid:us:history:ID     → { runs, rejections, kills, errors, last: [...] } (background)
//   paranoid:us:update:ID      → the last update check: { checkedAt, forVersion, from, version,
//                                offer, error? } (background/userscript-updates.js)
//   paranoid:us:built:ID       → the code transpiled once, as its sandbox runs it
//                                (shared/userscript-build.js)
//   paranoid:us:local:ID:ORIGIN → { key: value } (the script's own localStorage on that site;
//                                written by the background), listed in
//   paranoid:us:local-sites:ID → [origin, ...]
//   paranoid:us:session:TAB:ID → { origin: { key: value } } (its sessionStorage in that tab;
//                                dropped with the tab, and at the browser's start)
// Readers validate what they read: storage is an input like any other.
// Also where a script's text comes from, for the install page and the update checks alike: the
// URL its newer versions are fetched from, and the fetch with its redirect rule.

/* global paranoidExtension, paranoidSha256Hex, paranoidWasmCall, paranoidReadText, paranoidPolicy, paranoidBuiltKey, paranoidBuildUserscript, paranoidCurrentBuild */
/* exported paranoidUserscriptKeys, paranoidUserscriptId, paranoidListUserscripts, paranoidGetUserscript, paranoidSaveUserscript, paranoidDeleteUserscript, paranoidUserscriptSourceUrl, paranoidFetchUserscript, paranoidUserscriptPage, paranoidStorageKeys */

const paranoidUserscriptKeys = {
  index: 'paranoid:us:index',
  script: (id) => `paranoid:us:script:${id}`,
  values: (id) => `paranoid:us:values:${id}`,
  history: (id) => `paranoid:us:history:${id}`,
  // The script's own localStorage: per site (origin), and the list of its sites.
  local: (id, origin) => `paranoid:us:local:${id}:${origin}`,
  localSites: (id) => `paranoid:us:local-sites:${id}`,
  // Its sessionStorage: per tab and script, { origin: { key: value } }, dropped with the tab.
  sessionPrefix: 'paranoid:us:session:',
  session: (tabId, id) => `paranoid:us:session:${tabId}:${id}`,
  update: (id) => `paranoid:us:update:${id}`,
};

/**
 * A script's id: the first script of a namespace and name gets the id of those two. The same
 * namespace and name are not enough to be the same script (anyone can copy them): the install
 * page replaces an installed script only with a copy from the origin it came from, or when the
 * user says so; another copy is installed beside it, under the id of the three (`source`: the
 * copy's origin, or `local`). Hex, so that it is safe in a storage key.
 * @param {string | null} namespace
 * @param {string} name
 * @param {string} [source]
 */
async function paranoidUserscriptId(namespace, name, source) {
  // The first 16 bytes of the SHA-256, in hex.
  return (await paranoidSha256Hex(`${namespace ?? ''}\n${name}${source === undefined ? '' : `\n${source}`}`)).slice(0, 32);
}

const paranoidStorage = () => paranoidExtension.storage.local;

/** @returns {Promise<string[]>} */
async function paranoidUserscriptIndex() {
  const index = (await paranoidStorage().get(paranoidUserscriptKeys.index))[paranoidUserscriptKeys.index];
  return Array.isArray(index) ? index.filter((id) => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id)) : [];
}

/** A stored record if it has the shape the rest of the extension relies on, else null. */
function paranoidValidUserscript(record, id) {
  if (record === null || typeof record !== 'object' || record.id !== id) return null;
  if (typeof record.source !== 'string' || typeof record.enabled !== 'boolean') return null;
  const m = record.metadata;
  if (m === null || typeof m !== 'object' || typeof m.name !== 'string' || !Array.isArray(m.grants)) return null;
  if (!Array.isArray(record.requires) || !Array.isArray(record.resources) || !Array.isArray(record.connect)) return null;
  // Each element as the install page stores it: a bad one leaves this record out, not every
  // script of the page (the background maps over them).
  const download = (d) => d !== null && typeof d === 'object' && typeof d.url === 'string' && typeof d.text === 'string';
  if (!record.requires.every(download)) return null;
  if (!record.resources.every((d) => download(d) && typeof d.name === 'string')) return null;
  if (!record.connect.every((h) => typeof h === 'string')) return null;
  return record;
}

/**
 * What the user let a script do with the pages it runs on: `read` (a replica of the page's
 * document), `write` (its changes applied to the page), `requests` (the page's `fetch` and
 * `XMLHttpRequest`, to its approved `@connect` hosts), `press` (clicks, focus and events sent to
 * the page's elements) and `navigate` (assigning `location`,
 * `window.open`). Only a stored `true` gives any; a record from before the question was asked
 * gives what its `paranoid.dom.*` grants name, and none of the last three.
 * @returns {{ read: boolean, write: boolean, requests: boolean, press: boolean, navigate: boolean }}
 */
function paranoidUserscriptPage(record) {
  const page = record.page !== null && typeof record.page === 'object' ? record.page : null;
  if (page !== null) return { read: page.read === true, write: page.write === true, requests: page.requests === true, press: page.press === true, navigate: page.navigate === true };
  return { read: record.metadata.grants.includes('paranoid.dom.read'), write: record.metadata.grants.includes('paranoid.dom.write'), requests: false, press: false, navigate: false };
}

async function paranoidGetUserscript(id) {
  const key = paranoidUserscriptKeys.script(id);
  return paranoidValidUserscript((await paranoidStorage().get(key))[key], id);
}

/** Every installed script, in install order (records that do not validate are left out). */
async function paranoidListUserscripts() {
  const index = await paranoidUserscriptIndex();
  if (index.length === 0) return [];
  const stored = await paranoidStorage().get(index.map(paranoidUserscriptKeys.script));
  return index.map((id) => paranoidValidUserscript(stored[paranoidUserscriptKeys.script(id)], id)).filter((r) => r !== null);
}

/**
 * Stores `record` with its code transpiled (once: a save that changes no code, such as turning
 * the script off, keeps the build it has). A build the core refuses is removed, not kept stale.
 */
async function paranoidSaveUserscript(record) {
  const index = await paranoidUserscriptIndex();
  const built = await paranoidCurrentBuild(record) ?? await paranoidBuildUserscript(record);
  const items = { [paranoidUserscriptKeys.script(record.id)]: record };
  if (built !== null) items[paranoidBuiltKey(record.id)] = built;
  if (!index.includes(record.id)) items[paranoidUserscriptKeys.index] = [...index, record.id];
  if (built === null) await paranoidStorage().remove(paranoidBuiltKey(record.id));
  await paranoidStorage().set(items);
}

/** Every key in `storage.local` (without reading the values where the browser can). */
async function paranoidStorageKeys() {
  const store = paranoidStorage();
  return typeof store.getKeys === 'function' ? store.getKeys() : Object.keys(await store.get(null));
}

/** Deletes the script, its values, its localStorage, its history and its build. */
async function paranoidDeleteUserscript(id) {
  const index = await paranoidUserscriptIndex();
  await paranoidStorage().set({ [paranoidUserscriptKeys.index]: index.filter((i) => i !== id) });
  // Its storage, found by the keys' shape rather than its list of sites, so that nothing a write
  // in flight added is left for a script of the same id installed later.
  const keys = await paranoidStorageKeys();
  const own = keys.filter((k) => k.startsWith(paranoidUserscriptKeys.local(id, '')) || (k.startsWith(paranoidUserscriptKeys.sessionPrefix) && k.endsWith(`:${id}`)));
  await paranoidStorage().remove([paranoidUserscriptKeys.script(id), paranoidUserscriptKeys.values(id), paranoidUserscriptKeys.history(id), paranoidUserscriptKeys.update(id), paranoidBuiltKey(id), paranoidUserscriptKeys.localSites(id), ...own]);
}

/**
 * The URL a script's newer versions are fetched from: its `@downloadURL` (the whole script),
 * else its `@updateURL`. The update check asks it and the settings' review opens it, so that
 * the version offered is the version the user reviews.
 * @param {{ downloadURL?: string | null, updateURL?: string | null }} metadata
 * @returns {string | null}
 */
function paranoidUserscriptSourceUrl(metadata) {
  return metadata.downloadURL ?? metadata.updateURL ?? null;
}

/**
 * Fetches a userscript's text: no cookies, no cache, at most the size limit, UTF-8 only, and a
 * redirect only to a URL updates may come from — rust-meta's rule for `@updateURL` (https, or
 * http to a loopback host), one rule for the install page and the update checks. With
 * `checkStart` the URL asked is held to it too (a stored `@updateURL`; the install page takes a
 * plain http link the user opened, and says so).
 * @param {string} url
 * @returns {Promise<{ source: string, url: string, redirected: boolean }>} `url`: where the text
 *   came from, after redirects
 * @throws {Error} with `status` set for an HTTP error
 */
async function paranoidFetchUserscript(url, { checkStart = false } = {}) {
  const refusal = async (u) => {
    const answer = await paranoidWasmCall('meta', 'paranoid_update_url', u);
    return answer.ok ? null : (answer.diagnostics?.[0]?.message ?? `${u} is not a URL a script may come from`);
  };
  if (checkStart) {
    const why = await refusal(url);
    if (why !== null) throw new Error(why);
  }
  const response = await fetch(url, { credentials: 'omit', redirect: 'follow', cache: 'no-store' });
  const final = response.url || url;
  if (response.redirected) {
    const why = await refusal(final);
    if (why !== null) {
      response.body?.cancel().catch(() => {});
      throw new Error(`redirected to ${final}: ${why}`);
    }
  }
  if (!response.ok) {
    response.body?.cancel().catch(() => {});
    throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  }
  return { source: await paranoidReadText(response, paranoidPolicy().userscripts.maxBytes), url: final, redirected: response.redirected };
}
