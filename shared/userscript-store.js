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
// Readers validate what they read: storage is an input like any other.

/* exported paranoidUserscriptKeys, paranoidUserscriptId, paranoidListUserscripts, paranoidGetUserscript, paranoidSaveUserscript, paranoidDeleteUserscript */

const paranoidUserscriptKeys = {
  index: 'paranoid:us:index',
  script: (id) => `paranoid:us:script:${id}`,
  values: (id) => `paranoid:us:values:${id}`,
  history: (id) => `paranoid:us:history:${id}`,
  update: (id) => `paranoid:us:update:${id}`,
};

/**
 * A script's id: the same namespace and name are the same script (an update replaces it), as
 * in the other managers. Hex, so that it is safe in a storage key.
 * @param {string | null} namespace
 * @param {string} name
 */
async function paranoidUserscriptId(namespace, name) {
  const bytes = new TextEncoder().encode(`${namespace ?? ''}\n${name}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const paranoidStorage = () => (globalThis.browser ?? globalThis.chrome).storage.local;

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

async function paranoidSaveUserscript(record) {
  const index = await paranoidUserscriptIndex();
  const items = { [paranoidUserscriptKeys.script(record.id)]: record };
  if (!index.includes(record.id)) items[paranoidUserscriptKeys.index] = [...index, record.id];
  await paranoidStorage().set(items);
}

/** Deletes the script, its values and its history. */
async function paranoidDeleteUserscript(id) {
  const index = await paranoidUserscriptIndex();
  await paranoidStorage().set({ [paranoidUserscriptKeys.index]: index.filter((i) => i !== id) });
  await paranoidStorage().remove([paranoidUserscriptKeys.script(id), paranoidUserscriptKeys.values(id), paranoidUserscriptKeys.history(id), paranoidUserscriptKeys.update(id)]);
}
