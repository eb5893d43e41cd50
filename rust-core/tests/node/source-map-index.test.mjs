'use strict';
// The frame's source-map index (`sandbox-page/source-map.js`) against Node's own SourceMap, on
// the core's maps of real code: every generated position must map to the same original one.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadWasmCore } from './wasm-core.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TESTDATA = process.env.PARANOID_TESTDATA || path.join(ROOT, 'tests', 'node_modules');
const context = vm.createContext({});
vm.runInContext(readFileSync(path.join(ROOT, 'sandbox-page', 'source-map.js'), 'utf8'), context);
const sourceMapIndex = context.paranoidSourceMapIndex;

describe('the frame\'s source-map index', () => {
  for (const [name, file] of [['a small script', null], ['underscore', 'underscore/underscore-umd.js']]) {
    it(`agrees with node:module's SourceMap on ${name}`, () => {
      const source = file === null ? 'var a = 1;\nfunction f(x) {\n  return x + missing;\n}\nf(a);\n' : readFileSync(path.join(TESTDATA, file), 'utf8');
      const r = loadWasmCore().transpile(source);
      assert.equal(r.ok, true);
      const json = JSON.parse(r.sourceMap);
      const lookup = sourceMapIndex(json.mappings);
      const reference = new SourceMap(json);
      const lines = r.code.split('\n');
      let checked = 0;
      for (let line = 0; line < lines.length; line++) {
        const step = Math.max(1, Math.floor(lines[line].length / 2000));
        for (let column = 0; column < lines[line].length; column += step) {
          const want = reference.findEntry(line, column);
          const found = lookup(line + 1, column + 1);
          const got = found && { line: found.line, column: found.column }; // out of the vm realm
          if (want.originalLine === undefined) { continue; }
          // Node answers with the last segment at or before the column, as the index does.
          assert.deepEqual(got, { line: want.originalLine + 1, column: want.originalColumn + 1 }, `at ${line + 1}:${column + 1}`);
          checked++;
        }
      }
      assert.ok(checked > 10, `only ${checked} positions checked`);
    });
  }

  it('still works once the realm\'s globals are deleted, as the frame scrubs them', () => {
    const scrubbed = vm.createContext({});
    vm.runInContext(readFileSync(path.join(ROOT, 'sandbox-page', 'source-map.js'), 'utf8'), scrubbed);
    vm.runInContext('for (const name of ["Int8Array", "Int32Array", "Math", "Error", "Array"]) delete globalThis[name];', scrubbed);
    const r = loadWasmCore().transpile('var a = 1;\nvar b = 2;\n    null.boom;\n');
    const lookup = scrubbed.paranoidSourceMapIndex(JSON.parse(r.sourceMap).mappings);
    const found = lookup(1, r.code.indexOf('null.boom') + 1);
    assert.deepEqual({ line: found.line, column: found.column }, { line: 3, column: 5 });
  });
});
