'use strict';
// sandbox-page/kernel/main.js: the boot and the dispatch of the frame's messages, with every
// kernel file the build wraps and the real wasm core, in a fresh worker realm. The boot says
// `ready` or `boot-failed` (a module that is no core, a protocol row with no handler); after it,
// a message is taken only by its own `type` and fields (never inherited ones), `ping` at any
// time, `configure` once, and runs, reports and deliveries only once configured.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { wasmCorePath } from '../../../rust-core/tests/node/wasm-core.mjs';
import { paranoidBin } from '../../../rust-core/tests/node/paranoid-cli.mjs';
import { ROOT, kernelPolicy, loadKernelFiles } from './load-kernel-file.mjs';

/** The build's list (`KERNEL_FILES` in xtask), with the shipped layer switches before main.js. */
const KERNEL_FILES = (() => {
  const sources = ['xtask/src/extension.rs', 'xtask/src/extension/layout.rs']
    .map((file) => { try { return readFileSync(new URL(file, ROOT), 'utf8'); } catch { return ''; } });
  const found = sources.map((text) => text.match(/const KERNEL_FILES: &\[&str\] = &\[([\s\S]*?)\];/)).find((m) => m);
  assert.ok(found, 'xtask lists the kernel files in KERNEL_FILES');
  const list = found[1];
  const files = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  files.splice(files.length - 1, 0, 'layers-shipped.js');
  return files;
})();
const MODULE = new WebAssembly.Module(readFileSync(wasmCorePath()));
const TOKEN = 'boot-token';
const task = () => new Promise((resolve) => setImmediate(resolve));
const settle = async () => { for (let i = 0; i < 5; i++) await task(); };

/** A booted kernel (or one whose boot failed), with what it posted since the last `take`. */
async function kernel({ module = MODULE, policy = kernelPolicy() } = {}) {
  const { realm, kernelMain } = loadKernelFiles(KERNEL_FILES, { policy });
  kernelMain(realm.global);
  const send = (message) => realm.dispatch('message', message);
  let seen = 0;
  /** What the kernel posted since the last call, without turn messages and tokens. */
  const take = async () => {
    await settle();
    const fresh = realm.posted.slice(seen);
    seen = realm.posted.length;
    for (const m of fresh) assert.equal(m.token, TOKEN, 'every message carries the boot token');
    return fresh.filter((m) => m.type !== 'turn').map(({ token, ...rest }) => rest);
  };
  send({ type: 'boot', token: TOKEN, module, layers: null });
  return { realm, send, take };
}
const now = () => Date.now();

describe('the boot', () => {
  it('says ready with a core, every layer on', async () => {
    const { realm, take } = await kernel();
    assert.deepEqual(await take(), [{ type: 'ready' }]);
    assert.equal(Object.hasOwn(realm.global, 'importScripts'), false, 'the scrub ran');
  });

  it('says boot-failed, and then answers nothing, without a core', async () => {
    const { send, take } = await kernel({ module: 'not a module' });
    const [failed, ...rest] = await take();
    assert.equal(failed.type, 'boot-failed');
    assert.equal(typeof failed.reason, 'string');
    assert.deepEqual(rest, []);
    send({ type: 'ping' });
    assert.deepEqual(await take(), []);
  });

  it('says boot-failed when the protocol names a message to the worker it has no handler for', async () => {
    const policy = structuredClone(kernelPolicy());
    policy.protocol.messages.push({ hop: 'worker', type: 'unheard-of', from: 'frame', to: 'worker', acceptedFrom: 'frame', fields: [] });
    const { take } = await kernel({ policy });
    const [failed] = await take();
    assert.equal(failed.type, 'boot-failed');
    assert.match(failed.reason, /no handler for the protocol's unheard-of/);
  });
});

describe('the dispatch', () => {
  it('answers ping at any time, and nothing else before configure', async () => {
    const { send, take } = await kernel();
    await take();
    send({ type: 'ping' });
    send({ type: 'run', id: 1, source: 'console.log(1)', filename: 'a.js', hostTime: now() });
    send({ type: 'report', id: 2, names: ['x'], hostTime: now() });
    send({ type: 'deliver', id: 3, json: '1', hostTime: now() });
    assert.deepEqual(await take(), [{ type: 'pong' }]);
  });

  it('runs a script once configured, and reports and delivers', async () => {
    const { send, take } = await kernel();
    await take();
    send({ type: 'configure', cpuMs: 100, level: null, capabilities: { messages: true } });
    send({ type: 'run', id: 1, filename: 'a.js', hostTime: now(),
      source: 'var left = { n: 1 }; console.log("hi", 1 + 1); paranoid.onMessage((d) => paranoid.postMessage({ echo: d }));' });
    const ran = await take();
    assert.deepEqual(ran.map((m) => m.type), ['compiling', 'compiled', 'loaded', 'console', 'result']);
    assert.equal(ran[2].filename, 'a.js');
    assert.deepEqual(ran[3], { type: 'console', level: 'log', text: 'hi 2' });
    assert.deepEqual(ran[4], { type: 'result', id: 1, status: 'ok' });

    send({ type: 'report', id: 2, names: ['left', 'absent'], hostTime: now() });
    send({ type: 'deliver', id: 3, json: '"ping"', hostTime: now() });
    const [report, message, delivered] = await take();
    assert.equal(report.type, 'report');
    assert.deepEqual({ ...report.values }, { left: '{"n":1}', absent: null });
    assert.deepEqual(message, { type: 'message', json: '{"echo":"ping"}' });
    assert.deepEqual(delivered, { type: 'delivered', id: 3 });
  });

  it('answers a refused script with its diagnostics, and a throwing one with the error', async () => {
    const { send, take } = await kernel();
    await take();
    send({ type: 'configure', cpuMs: 100 });
    send({ type: 'run', id: 1, source: "'use strict'; with (x) {}", filename: 'w.js', hostTime: now() });
    send({ type: 'run', id: 2, source: 'throw new TypeError("mine")', filename: 't.js', hostTime: now() });
    const results = (await take()).filter((m) => m.type === 'result');
    assert.equal(results[0].status, 'rejected');
    assert.ok(results[0].diagnostics.length > 0);
    assert.equal(results[1].status, 'error');
    assert.equal(results[1].error.name, 'TypeError');
    assert.equal(results[1].error.message, 'mine');
  });

  it('loads prebuilt code as it is only when its SHA-256 is one the build recorded; refuses any other', async () => {
    // What the build does for the DOM library: the native transpiler's output, and its digest.
    const built = execFileSync(paranoidBin(), ['transpile', '-'], { input: 'var fromBuild = 6 * 7;', encoding: 'utf8' });
    const policy = structuredClone(kernelPolicy());
    policy.prebuilt = [createHash('sha256').update(built, 'utf8').digest('hex')];
    const { send, take } = await kernel({ policy });
    await take();
    send({ type: 'configure', cpuMs: 100 });
    send({ type: 'run', id: 1, source: built, filename: 'lib.js', hostTime: now(), prebuilt: true });
    send({ type: 'report', id: 2, names: ['fromBuild'], hostTime: now() });
    const first = await take();
    assert.deepEqual(first.filter((m) => m.type === 'result'), [{ type: 'result', id: 1, status: 'ok' }]);
    assert.equal(first.find((m) => m.type === 'report').values.fromBuild, '42');
    // Untrusted code runs and tampers with what a check could consult; then the host (or a bug
    // in it) marks other texts prebuilt: a byte more, raw code that would reach the worker's
    // real globals, the build's text with its own digest swapped for another. None runs.
    send({ type: 'run', id: 3, filename: 'tamper.js', hostTime: now(), source: `
      Array.prototype.includes = () => true; Array.prototype[0] = 'x'; String.prototype.toString = () => 'x';
      JSON.parse = () => ({ ok: true, digest: 'x' }); Object.prototype.digest = 'x';` });
    const evil = 'self.reached = typeof importScripts;';
    send({ type: 'run', id: 4, source: `${built} `, filename: 'a.js', hostTime: now(), prebuilt: true });
    send({ type: 'run', id: 5, source: evil, filename: 'b.js', hostTime: now(), prebuilt: true });
    send({ type: 'run', id: 6, source: built.replace('42', '43').replace('6*7', '6*8'), filename: 'c.js', hostTime: now(), prebuilt: true });
    // And the build's text without the mark is transpiled like any script, which refuses it.
    send({ type: 'run', id: 7, source: built, filename: 'd.js', hostTime: now() });
    const results = (await take()).filter((m) => m.type === 'result');
    assert.equal(results[0].status, 'ok', 'the tampering script ran');
    for (const r of results.slice(1, 4)) {
      assert.equal(r.status, 'rejected', JSON.stringify(r));
      assert.equal(r.diagnostics[0].code, 'not-prebuilt');
    }
    assert.equal(results[4].status, 'rejected', 'transpiled output is not a script the transpiler takes');
  });

  it('loads as it is a text whose SHA-256 the one configure named, with its source map; nothing named later', async () => {
    // What the extension stores when a userscript is saved: the transpiler's output and its digest.
    const saved = execFileSync(paranoidBin(), ['transpile', '-'], { input: 'var fromSave = 6 * 7;', encoding: 'utf8' });
    const late = execFileSync(paranoidBin(), ['transpile', '-'], { input: 'var late = 1;', encoding: 'utf8' });
    const digest = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
    const { send, take } = await kernel();
    await take();
    // Named with junk around it: non-strings, a wrong length, an object with a toString.
    send({ type: 'configure', cpuMs: 100, prebuilt: [7, 'abc', { toString: () => digest(late) }, digest(saved).toUpperCase(), digest(saved)] });
    send({ type: 'run', id: 1, source: saved, filename: 'userscript:x', hostTime: now(), prebuilt: true, sourceMap: '{"version":3,"mappings":"AAAA"}' });
    send({ type: 'report', id: 2, names: ['fromSave'], hostTime: now() });
    const first = await take();
    assert.deepEqual(first.filter((m) => m.type === 'result'), [{ type: 'result', id: 1, status: 'ok' }]);
    assert.equal(first.find((m) => m.type === 'loaded').sourceMap, '{"version":3,"mappings":"AAAA"}');
    assert.equal(first.find((m) => m.type === 'report').values.fromSave, '42');
    // A second configure (a host that lost the port, or a bug) names another text: refused, as
    // are the object whose toString gave a digest and a named text with a byte more.
    send({ type: 'configure', cpuMs: 100, prebuilt: [digest(late)] });
    send({ type: 'run', id: 3, source: late, filename: 'late.js', hostTime: now(), prebuilt: true });
    send({ type: 'run', id: 4, source: `${saved};`, filename: 'more.js', hostTime: now(), prebuilt: true });
    const results = (await take()).filter((m) => m.type === 'result');
    assert.equal(results.length, 2);
    for (const r of results) {
      assert.equal(r.status, 'rejected', JSON.stringify(r));
      assert.equal(r.diagnostics[0].code, 'not-prebuilt');
    }
  });

  it('takes configure once: a second cannot grant messages', async () => {
    const { send, take } = await kernel();
    await take();
    send({ type: 'configure', cpuMs: 100, capabilities: {} });
    send({ type: 'configure', cpuMs: 100, capabilities: { messages: true } });
    send({ type: 'run', id: 1, source: 'console.log(typeof paranoid.postMessage)', filename: 'a.js', hostTime: now() });
    assert.deepEqual((await take()).find((m) => m.type === 'console'), { type: 'console', level: 'log', text: 'undefined' });
  });

  it('reads only a message\'s own type and fields', async () => {
    const { send, take } = await kernel();
    await take();
    send(Object.create({ type: 'ping' }));
    send(Object.create({ type: 'configure', capabilities: { messages: true } }));
    send({ type: 'unheard-of' });
    send({ type: { toString() { throw new Error('hostile type'); } } });
    assert.deepEqual(await take(), []);
    // A configure whose capabilities are inherited grants nothing.
    send(Object.assign(Object.create({ capabilities: { messages: true } }), { type: 'configure' }));
    send(Object.assign(Object.create({ source: 'console.log("inherited source")' }), { type: 'run', id: 1, source: 'console.log(typeof paranoid.postMessage)', hostTime: now() }));
    assert.deepEqual((await take()).find((m) => m.type === 'console').text, 'undefined');
  });

  it('reports an unhandled rejection as uncaught, in a turn', async () => {
    const { realm, send, take } = await kernel();
    await take();
    send({ type: 'configure', cpuMs: 100 });
    for (const listener of realm.listeners.unhandledrejection) listener({ reason: new RangeError('rejected') });
    const [uncaught] = await take();
    assert.equal(uncaught.type, 'uncaught');
    assert.equal(uncaught.error.message, 'rejected');
    assert.ok(realm.posted.some((m) => m.type === 'turn' && m.on === true));
  });
});
