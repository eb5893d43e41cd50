'use strict';
// Storage is an input like any other (docs/bad-input.md, "Storage contents"): another extension
// cannot write it, but a profile can be copied, edited or corrupted, and every reader must get
// the defaults or leave the entry out, never a wider permission. These are the readers the
// content script, the background and the pages share (`shared/site-settings.js`,
// `shared/userscript-store.js`), run in a fresh realm with the real policy tables and an
// in-memory `storage.local`.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { webcrypto } from 'node:crypto';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const ROOT = new URL('../../', import.meta.url);
const policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));

/** A realm with the shared readers loaded over `stored` (what `storage.local` holds). */
function realm(stored = {}) {
  const items = new Map(Object.entries(stored));
  const local = {
    get: async (keys) => {
      const out = {};
      for (const k of Array.isArray(keys) ? keys : [keys]) if (items.has(k)) out[k] = structuredClone(items.get(k));
      return out;
    },
    set: async (object) => { for (const [k, v] of Object.entries(object)) items.set(k, structuredClone(v)); },
    remove: async (keys) => { for (const k of Array.isArray(keys) ? keys : [keys]) items.delete(k); },
  };
  const context = vm.createContext({
    chrome: { storage: { local } }, crypto: webcrypto, TextEncoder, structuredClone,
    paranoidPolicy: () => policy,
  });
  for (const file of ['shared/extension-api.js', 'shared/site-settings.js', 'shared/digest.js', 'shared/userscript-store.js']) {
    vm.runInContext(readFileSync(new URL(file, ROOT), 'utf8'), context, { filename: file });
  }
  const api = vm.runInContext(`({ paranoidSiteSettings, paranoidSitesKey, paranoidUserscriptKeys, paranoidUserscriptId,
    paranoidListUserscripts, paranoidGetUserscript })`, context);
  return { ...api, items };
}

const ORIGIN = 'https://example.com';
const limits = policy.pageScripts;
const DEFAULTS = { enabled: true, cpuCapMs: limits.siteDefaultCpuCapMs, credentials: false, quarantine: [] };
// Through JSON: the realm's objects have the other realm's prototypes.
const plain = (v) => JSON.parse(JSON.stringify(v));

describe('stored site settings', () => {
  const { paranoidSiteSettings } = realm();
  const settings = (stored) => plain(paranoidSiteSettings(stored, ORIGIN));

  it('give the defaults when the store or the entry is not an object', () => {
    for (const stored of [undefined, null, [], 'x', 5, true, { [ORIGIN]: null }, { [ORIGIN]: 'off' },
      { [ORIGIN]: 0 }, { [ORIGIN]: [] }]) {
      assert.deepEqual(settings(stored), DEFAULTS, JSON.stringify(stored));
    }
  });

  it('read a site only from its own key, never from a prototype', () => {
    const inherited = Object.create({ [ORIGIN]: { enabled: false, credentials: true } });
    assert.deepEqual(settings(inherited), DEFAULTS);
    // A `__proto__` key in stored JSON is an own property named `__proto__`, not the prototype.
    const proto = JSON.parse('{"__proto__": {"enabled": false}}');
    assert.deepEqual(plain(paranoidSiteSettings(proto, '__proto__')).enabled, false);
    assert.deepEqual(settings(proto), DEFAULTS);
  });

  it('take a field only when it has the right type and range, else its default', () => {
    for (const cpuCapMs of [0, -1, 1.5, limits.siteMaxCpuCapMs + 1, '100', null, Infinity, NaN]) {
      assert.equal(settings({ [ORIGIN]: { cpuCapMs } }).cpuCapMs, limits.siteDefaultCpuCapMs, String(cpuCapMs));
    }
    assert.equal(settings({ [ORIGIN]: { cpuCapMs: 1 } }).cpuCapMs, 1);
    assert.equal(settings({ [ORIGIN]: { cpuCapMs: limits.siteMaxCpuCapMs } }).cpuCapMs, limits.siteMaxCpuCapMs);
    // Off only when exactly false; cookies only when exactly true: a bad value never widens.
    for (const enabled of ['false', 0, null, 'no']) assert.equal(settings({ [ORIGIN]: { enabled } }).enabled, true);
    assert.equal(settings({ [ORIGIN]: { enabled: false } }).enabled, false);
    for (const credentials of ['true', 1, {}, [true]]) assert.equal(settings({ [ORIGIN]: { credentials } }).credentials, false);
    assert.equal(settings({ [ORIGIN]: { credentials: true } }).credentials, true);
  });

  it('drop quarantine rules that are not {pattern, regex} strings', () => {
    const quarantine = [null, 'x', 3, { pattern: 1, regex: 'a' }, { pattern: 'p' }, { regex: 'r' },
      { pattern: '*://t.example/*', regex: '^https?://t\\.example/', extra: 1 }];
    assert.deepEqual(settings({ [ORIGIN]: { quarantine } }).quarantine, [{ pattern: '*://t.example/*', regex: '^https?://t\\.example/' }]);
    assert.deepEqual(settings({ [ORIGIN]: { quarantine: 'x' } }).quarantine, []);
  });
});

describe('stored userscripts', () => {
  /** A record as the install page stores it. */
  const record = (id) => ({
    id, source: '// ==UserScript==\n// @name A\n// ==/UserScript==\n', enabled: true,
    metadata: { name: 'A', grants: ['GM.getValue'] }, requires: [{ url: 'https://x/a.js', text: '1' }],
    resources: [{ name: 'r', url: 'https://x/r.txt', text: 't' }], connect: ['api.example'],
  });
  const ID = 'a'.repeat(32);
  const OTHER = 'b'.repeat(32);

  it('an index that is not a list of ids lists nothing, and bad ids are skipped', async () => {
    for (const index of [null, 'x', 5, { 0: ID }]) {
      const r = realm({ 'paranoid:us:index': index, [`paranoid:us:script:${ID}`]: record(ID) });
      assert.deepEqual(plain(await r.paranoidListUserscripts()), [], JSON.stringify(index));
    }
    const r = realm({
      'paranoid:us:index': [5, null, 'zz', `${ID}x`, 'A'.repeat(32), '../x', ID],
      [`paranoid:us:script:${ID}`]: record(ID),
    });
    assert.deepEqual(plain((await r.paranoidListUserscripts()).map((s) => s.id)), [ID]);
  });

  it('a record of the wrong shape is left out, and only that record', async () => {
    const broken = {
      'id mismatch (stored under another key)': (s) => { s.id = ID; },
      'source not a string': (s) => { s.source = 1; },
      'enabled not a boolean': (s) => { s.enabled = 'true'; },
      'no metadata': (s) => { s.metadata = null; },
      'name not a string': (s) => { s.metadata.name = ['A']; },
      'grants not a list': (s) => { s.metadata.grants = 'GM.getValue'; },
      'requires not a list': (s) => { s.requires = {}; },
      'a require that is null': (s) => { s.requires = [null]; },
      'a require without text': (s) => { s.requires = [{ url: 'https://x/a.js' }]; },
      'a resource without a name': (s) => { s.resources = [{ url: 'https://x/r', text: 't' }]; },
      'a host that is not a string': (s) => { s.connect = [{ host: 'x' }]; },
    };
    for (const [what, breakIt] of Object.entries(broken)) {
      const bad = record(OTHER);
      breakIt(bad);
      const r = realm({
        'paranoid:us:index': [ID, OTHER],
        [`paranoid:us:script:${ID}`]: record(ID),
        [`paranoid:us:script:${OTHER}`]: bad,
      });
      assert.deepEqual(plain((await r.paranoidListUserscripts()).map((s) => s.id)), [ID], what);
      assert.equal(await r.paranoidGetUserscript(OTHER), null, what);
    }
  });

  it('a script id is 32 hex digits of its namespace and name, so a key cannot be steered', async () => {
    const { paranoidUserscriptId } = realm();
    const id = await paranoidUserscriptId('ns/../x', 'name\u0000:script:');
    assert.match(id, /^[0-9a-f]{32}$/);
    assert.notEqual(id, await paranoidUserscriptId('ns', '/../x\nname'));
  });
});
