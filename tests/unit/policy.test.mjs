'use strict';
// The policy (rust-core/src/policy/, `paranoid policy`) against the JS that reads it: every
// field the code names is in the tables (a typo or a field renamed in Rust reads as undefined,
// which a limit compares as false), and the runtime helpers the rewrite calls are exactly the
// ones the kernel's runtime and the reference runtime define.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const ROOT = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');
const policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));

const jsFiles = (dir) => readdirSync(new URL(`${dir}/`, ROOT)).filter((f) => f.endsWith('.js')).map((f) => `${dir}/${f}`);
// Files that read `paranoidPolicy()`, and those handed the tables as `policy` (the frame's
// driver, and the kernel, whose build prepends its own `paranoidPolicy`).
const GLOBAL_READERS = [...jsFiles('background'), ...jsFiles('content'), ...jsFiles('shared'), ...jsFiles('ui')];
const POLICY_READERS = ['sandbox-page/worker-driver.js', ...jsFiles('sandbox-page/kernel')];

/** Each `paranoidPolicy().a.b` (or `policy.a.b`) chain in a file, as its keys. */
const chains = (text, prefix) => {
  const found = [];
  for (const m of text.matchAll(new RegExp(`${prefix}((?:\\.[A-Za-z_$][\\w$]*)+)`, 'g'))) found.push(m[1].slice(1).split('.'));
  return found;
};

describe('the policy tables', () => {
  it('have every field the extension reads', () => {
    let seen = 0;
    for (const [files, prefix] of [[GLOBAL_READERS, 'paranoidPolicy\\(\\)'], [POLICY_READERS, '\\bpolicy']]) {
      for (const file of files) {
        for (const keys of chains(read(file), prefix)) {
          let value = policy;
          for (const key of keys) {
            assert.ok(value !== null && value !== undefined && value[key] !== undefined, `${file}: the policy has no ${keys.join('.')}`);
            value = value[key];
          }
          seen++;
        }
      }
    }
    assert.ok(seen > 40, `only ${seen} reads found: the pattern no longer matches the code`);
  });

  it('name the runtime helpers that the kernel and the reference runtime define, and no other', () => {
    const helpers = [...policy.reserved.helpers].sort();
    assert.equal(helpers.length, 13);
    for (const file of ['sandbox-page/kernel/scope.js', 'rust-core/tests/node/contract-runtime.mjs']) {
      const text = read(file);
      const start = text.search(/const R = (?:c\.)?freeze\(\{/);
      assert.ok(start >= 0, `${file} defines no R`);
      const body = text.slice(start, text.indexOf('\n  });', start));
      const methods = [...body.matchAll(/^ {4}([A-Za-z]\w*)\(/gm)].map((m) => m[1]).sort();
      assert.deepEqual(methods, helpers, file);
    }
  });
});
