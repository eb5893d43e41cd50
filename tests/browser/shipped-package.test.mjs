// The packages users install hold nothing of the test builds: no hook that lets a page drive
// sandboxes or fire notification events (test-build/: content/test-hook.js,
// content/test-bench.js, background/test-hook.js), and no manifest entry or import of Chrome's
// generated service worker that names one. Needs PARANOID_DIST_FIREFOX (dist/firefox;
// dist/chrome beside it).

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FIREFOX = process.env.PARANOID_DIST_FIREFOX;
const skip = FIREFOX ? false : 'PARANOID_DIST_FIREFOX is not set';

/** Every file under `dir`, relative to it. */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)));
}

for (const browser of ['chrome', 'firefox']) {
  it(`the ${browser} package holds no test hook`, { skip }, () => {
    const dir = path.join(path.dirname(FIREFOX), browser);
    const all = files(dir);
    assert.ok(all.includes('manifest.json') && all.includes('background/background.js'), `${dir} is a built package`);
    assert.deepEqual(all.filter((f) => /(^|\/)test-/.test(f)), []);
    const manifest = readFileSync(path.join(dir, 'manifest.json'), 'utf8');
    assert.doesNotMatch(manifest, /test-|test build/);
    const worker = JSON.parse(manifest).background.service_worker;
    assert.equal(worker === undefined, browser === 'firefox', 'Chrome has a service worker, Firefox a background page');
    if (worker) assert.doesNotMatch(readFileSync(path.join(dir, worker), 'utf8'), /test-/);
    const permissions = JSON.parse(manifest).permissions;
    // Chrome writes the clipboard through an offscreen document; Firefox has no such API.
    assert.equal(permissions.includes('offscreen'), browser === 'chrome');
  });
}
