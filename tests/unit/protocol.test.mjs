'use strict';
// The protocol table (rust-core/src/policy/protocol.rs, `paranoidPolicy().protocol`) against
// the code and ARCHITECTURE.md: every message type the shipped code sends or handles is a row,
// every row is used, and ARCHITECTURE.md's message table lists each one. A message added to the
// code but not to the table fails here.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const ROOT = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');
const { protocol } = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));

// The files that speak a sandbox's hops (window, port, worker: every kernel file), and those
// that only switch on the events a sandbox handle passes on (the port's types).
const KERNEL_FILES = readdirSync(new URL('sandbox-page/kernel/', ROOT)).filter((f) => f.endsWith('.js')).map((f) => `sandbox-page/kernel/${f}`);
const SANDBOX_FILES = [
  'content/sandbox-host.js', 'sandbox-page/frame.js', 'sandbox-page/worker-driver.js', ...KERNEL_FILES,
  'content/page-scripts.js', 'content/quarantine.js', 'content/userscripts.js',
];
// Every shipped file that may speak the extension's own messages.
const EXTENSION_FILES = [
  'background/background.js', 'background/commands.js', 'background/frames.js', 'background/userscripts.js',
  'background/userscript-updates.js', 'background/clipboard.js', 'background/clipboard-page.js',
  'content/main.js', 'content/script-registry.js', 'content/quarantine.js', 'content/userscripts.js',
  'ui/status-view.js', 'ui/popup.js', 'ui/options.js', 'ui/userscripts-options.js', 'ui/install.js',
];
// String literals in those files that look like a message type but are something else.
const NOT_MESSAGES = {
  'content/page-scripts.js': ['attributes', 'basic', 'cors'], // a MutationRecord's, a Response's type
  'background/userscript-updates.js': ['paranoid:update-check'], // an alarm's name
  'content/userscripts.js': ['paranoid:gm-prelude'], // the file name errors in the GM prelude show
  'background/userscripts.js': ['basic', 'opaqueredirect', 'cors', 'error'], // a Response's type
  'sandbox-page/kernel/events.js': ['abort'], // an AbortSignal's event
};

const typesIn = (file) => {
  const text = read(file);
  const found = new Set();
  for (const re of [/\btype: '([a-z][a-z:-]*)'/g, /\btype [!=]== '([a-z][a-z:-]*)'/g, /\bcase '([a-z][a-z:-]*)'/g]) {
    for (const m of text.matchAll(re)) found.add(m[1]);
  }
  for (const m of text.matchAll(/'(paranoid:[a-z-]+)'/g)) found.add(m[1]);
  for (const skip of NOT_MESSAGES[file] ?? []) found.delete(skip);
  return found;
};

const rows = protocol.messages;
const named = new Set(rows.map((r) => r.type));

describe('the protocol table', () => {
  it('names every type the sandbox hops send or handle', () => {
    for (const file of SANDBOX_FILES) {
      for (const type of typesIn(file)) {
        if (type.startsWith('paranoid:')) continue;
        assert.ok(rows.some((r) => r.type === type && r.hop !== 'runtime' && r.hop !== 'tabs'), `${file} uses '${type}', which the protocol table does not name`);
      }
    }
  });

  it('names every extension message the shipped code sends or handles', () => {
    for (const file of [...EXTENSION_FILES, ...SANDBOX_FILES]) {
      for (const type of typesIn(file)) {
        if (!type.startsWith('paranoid:')) continue;
        assert.ok(named.has(type), `${file} uses '${type}', which the protocol table does not name`);
      }
    }
  });

  it('has no row that no code uses', () => {
    const used = new Set([...SANDBOX_FILES, ...EXTENSION_FILES].flatMap((f) => [...typesIn(f)]));
    used.add('init'); // the init has no type field: the host key and the port are the message
    for (const r of rows) assert.ok(used.has(r.type), `the table names '${r.type}' (${r.hop}), which no code uses`);
  });

  it('is ARCHITECTURE.md\'s message table, row for row', () => {
    const text = read('ARCHITECTURE.md');
    const start = text.indexOf('### The message table');
    assert.ok(start >= 0, 'ARCHITECTURE.md has a "### The message table" section');
    const next = text.slice(start + 4).search(/\n##+ /);
    const section = next === -1 ? text.slice(start) : text.slice(start, start + 4 + next);
    const listed = new Set();
    for (const m of section.matchAll(/^\| (\w+) \| `([a-z:-]+)` \|/gm)) listed.add(`${m[1]} ${m[2]}`);
    for (const r of rows) assert.ok(listed.has(`${r.hop} ${r.type}`), `ARCHITECTURE.md's message table lacks ${r.hop} ${r.type}`);
    for (const l of listed) assert.ok(rows.some((r) => `${r.hop} ${r.type}` === l), `ARCHITECTURE.md lists ${l}, which the protocol table does not`);
  });

  it('is what the background\'s registry checks senders by: every runtime row it answers', () => {
    const registry = read('background/background.js');
    for (const r of rows.filter((x) => x.hop === 'runtime' && x.to === 'background')) {
      assert.ok(registry.includes(`'${r.type}':`), `the background's registry does not answer ${r.type}`);
    }
  });
});
