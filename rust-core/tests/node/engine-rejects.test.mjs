'use strict';
// The early errors swc does not report (rust-core/tests/corpus/engine-rejects/): the core
// passes them on, so the engine must refuse the transpiled output when it loads it — nothing
// of such a script may run. Checked here with V8's own parser (`new vm.Script`).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import vm from 'node:vm';

import { transpile } from './paranoid-cli.mjs';

const dir = new URL('../corpus/engine-rejects/', import.meta.url);

describe('early errors left to the engine', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  it('exist', () => assert.ok(files.length > 0));
  for (const file of files) {
    it(`${file}: the engine refuses the output`, () => {
      const result = transpile(readFileSync(new URL(file, dir), 'utf8'));
      assert.equal(result.status, 0, `the core refuses it now: move it to reject/\n${result.stderr}`);
      assert.throws(() => new vm.Script(result.code), SyntaxError);
    });
  }
});
