// `web-ext lint` (Mozilla's add-on linter, offline) on the shipped Firefox build: no errors.
// Warnings are printed for the record. Needs PARANOID_DIST_FIREFOX (dist/firefox).

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_EXT = path.join(ROOT, 'tests', 'node_modules', '.bin', 'web-ext');
const DIST = process.env.PARANOID_DIST_FIREFOX;

it('web-ext lint finds no errors in the Firefox build', { skip: DIST ? false : 'PARANOID_DIST_FIREFOX is not set' }, async () => {
  const stdout = await new Promise((resolve, reject) => {
    execFile(WEB_EXT, ['lint', '--source-dir', DIST, '--output', 'json', '--no-input', '--no-config-discovery'], { maxBuffer: 16 << 20 }, (error, out, err) => {
      // web-ext exits non-zero when it finds errors; the JSON says which.
      if (out && out.trim().startsWith('{')) resolve(out);
      else reject(new Error(`web-ext lint failed: ${error && error.message}\n${err}`));
    });
  });
  const report = JSON.parse(stdout);
  for (const w of report.warnings) console.log(`warning: ${w.code}: ${w.message} (${w.file || ''})`);
  assert.deepEqual(report.errors.map((e) => `${e.code}: ${e.message} (${e.file || ''})`), []);
});
