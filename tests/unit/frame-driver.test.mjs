'use strict';
// What the frame hands on from the worker, what the content script makes of it, and the
// frame's heartbeat on a transpile that never ends (docs/bad-input.md). The kernel bounds every
// message it sends, so these are the second checks, which no sandbox can reach while the kernel
// holds: they are driven here with forged messages, and the heartbeat with a clock the test moves. The frame's driver (`sandbox-page/worker-driver.js`)
// runs in a fresh realm over a stand-in Worker that the test speaks for; the content script's
// handle (`content/sandbox-host.js`) is fed what a compromised frame could send.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { webcrypto } from 'node:crypto';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const ROOT = new URL('../../', import.meta.url);
const policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));
const LIMIT = policy.messageLimit;

/**
 * The frame's driver over a stand-in worker, its `create` sent; `sent` is what it hands on to
 * the content script, `posted` what reached the worker. `compile` stands in for the core's
 * compile; `clock` moves the driver's time and beats.
 */
function driverContext({ clock = null, compile = async () => ({ stand: 'in' }) } = {}) {
  const posted = [];
  let self = null;
  class Worker extends EventTarget {
    constructor() { super(); self = this; }
    postMessage(message) { posted.push(message); }
    terminate() { this.terminated = true; }
  }
  const context = vm.createContext({
    Worker, EventTarget, Blob, URL, crypto: webcrypto,
    performance: clock ? { now: () => clock.now } : performance,
    WebAssembly: { compile },
    setTimeout, clearTimeout,
    // With a clock of its own, the test makes the heartbeat's beats itself.
    setInterval: clock ? (f) => { clock.beat = f; return 1; } : setInterval,
    clearInterval: clock ? () => { clock.beat = null; } : clearInterval,
  });
  vm.runInContext(readFileSync(new URL('sandbox-page/worker-driver.js', ROOT), 'utf8'), context, { filename: 'worker-driver.js' });
  const sent = [];
  const driver = context.paranoidWorkerDriver({ kernel: function kernel() {}, policy, send: (m) => sent.push(m), watchdog: clock !== null });
  driver.fromHost({ type: 'create', wasm: new Blob([new Uint8Array(8)]), options: {} });
  return { driver, sent, posted, worker: () => self };
}

/** The frame's driver over a stand-in worker, booted. */
async function driverRealm({ clock = null } = {}) {
  const { driver, sent, posted, worker } = driverContext({ clock });
  for (let i = 0; i < 100 && !posted.some((m) => m.type === 'boot'); i++) await new Promise((r) => setTimeout(r, 5));
  const boot = posted.find((m) => m.type === 'boot');
  const self = worker();
  assert.ok(boot && self, 'the driver booted a worker');
  return { driver, sent, posted, token: boot.token, fromWorker: (data) => self.dispatchEvent(Object.assign(new Event('message'), { data })) };
}

/** The driver while the core compiles, until the test settles the compile: `settle(ok)`. */
function startingRealm() {
  let settle = null;
  const compiled = new Promise((resolve, reject) => { settle = (ok) => (ok ? resolve({ stand: 'in' }) : reject(new Error('bad bytes'))); });
  const realm = driverContext({ compile: () => compiled });
  return {
    ...realm,
    settle: async (ok) => { settle(ok); for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0)); },
  };
}

describe('the frame starts the worker while the core compiles', () => {
  it('starts the worker at once, and hands it nothing of the host\'s before `boot`', async () => {
    const r = startingRealm();
    assert.ok(r.worker(), 'the worker exists before the core compiled');
    r.driver.fromHost({ type: 'configure', cpuMs: 5, level: null, capabilities: {}, prebuilt: [] });
    r.driver.fromHost({ type: 'run', id: 1, source: 'x', filename: 'early.js' });
    assert.deepEqual(r.posted, [], 'nothing reached the worker while compiling');
    await r.settle(true);
    assert.deepEqual(r.posted.map((m) => m.type), ['boot'], 'the early messages were dropped, not queued');
    r.driver.fromHost({ type: 'run', id: 2, source: 'x', filename: 'later.js' });
    assert.deepEqual(r.posted.map((m) => m.type), ['boot', 'run']);
    r.driver.kill('the test is over');
  });

  it('a kill while the core compiles stops the worker, and no boot follows', async () => {
    const r = startingRealm();
    r.driver.fromHost({ type: 'kill', reason: 'the host is done' });
    assert.equal(r.worker().terminated, true);
    await r.settle(true);
    assert.deepEqual(r.posted, []);
    assert.deepEqual(r.sent.map((m) => [m.type, m.reason]), [['killed', 'the host is done']]);
  });

  it('a core that does not compile stops the worker and says so', async () => {
    const r = startingRealm();
    await r.settle(false);
    assert.equal(r.worker().terminated, true);
    assert.deepEqual(r.posted, []);
    assert.equal(r.sent.length, 1);
    assert.equal(r.sent[0].type, 'failed');
    assert.match(r.sent[0].reason, /the core did not compile: .*bad bytes/);
    r.driver.fromHost({ type: 'run', id: 1, source: 'x', filename: 'after.js' });
    assert.deepEqual(r.posted, []);
  });
});

describe('the frame hands on from the worker', () => {
  it('only messages that carry the boot token, and only a message that is a string within the limit', async () => {
    const r = await driverRealm();
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    const before = r.sent.length;
    r.fromWorker({ type: 'message', json: '"forged"' }); // no token
    r.fromWorker({ type: 'message', json: '"forged"', token: 'guessed' });
    r.fromWorker({ type: 'killed', reason: 'forged', token: 'guessed' });
    r.fromWorker({ type: 'message', json: `"${'x'.repeat(LIMIT - 1)}"`, token }); // one over
    r.fromWorker({ type: 'message', json: { not: 'a string' }, token });
    r.fromWorker({ type: 'message', json: 42, token });
    assert.deepEqual(r.sent.slice(before), [], 'all dropped');
    const atLimit = `"${'x'.repeat(LIMIT - 2)}"`;
    r.fromWorker({ type: 'message', json: atLimit, token });
    r.fromWorker({ type: 'message', json: 'not JSON, handed on as text', token });
    assert.deepEqual(r.sent.slice(before).map((m) => [m.type, m.json.length]), [['message', LIMIT], ['message', 27]]);
    r.driver.kill('the test is over');
  });

  it('a console line or error text cut to the limit, whatever the worker sends', async () => {
    const r = await driverRealm();
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    const before = r.sent.length;
    r.fromWorker({ type: 'console', level: 'log', text: 'y'.repeat(20000), token });
    r.fromWorker({ type: 'uncaught', error: { name: 'N'.repeat(9000), message: 'm'.repeat(9000), stack: '' }, token });
    const [line, error] = r.sent.slice(before);
    assert.equal(line.text, `${'y'.repeat(policy.hostTextLimit)}…`);
    assert.equal(error.error.name.length, policy.hostTextLimit + 1);
    assert.equal(error.error.message.length, policy.hostTextLimit + 1);
    r.driver.kill('the test is over');
  });
});

describe('the content script, given what a compromised frame could send', () => {
  function hostRealm() {
    const context = vm.createContext({
      chrome: { runtime: { getURL: (p) => `chrome-extension://x/${p}` } },
      navigator: { hardwareConcurrency: 2 }, crypto: webcrypto, paranoidPolicy: () => policy,
    });
    vm.runInContext(readFileSync(new URL('shared/extension-api.js', ROOT), 'utf8'), context, { filename: 'extension-api.js' });
    vm.runInContext(readFileSync(new URL('content/sandbox-host.js', ROOT), 'utf8'), context, { filename: 'sandbox-host.js' });
    return context;
  }

  it('parses message text as JSON data and drops what does not parse; evaluates nothing', () => {
    const context = hostRealm();
    const got = [];
    const { deliver } = context.paranoidSandboxHandle(() => {}, { onMessage: (d) => got.push(d) }, () => {});
    context.evaluated = false;
    deliver({ type: 'message', json: 'not JSON' });
    deliver({ type: 'message', json: '{"a": 1' });
    deliver({ type: 'message', json: 42 });
    deliver({ type: 'message', json: 'globalThis.evaluated = true' });
    deliver({ type: 'message', json: '{"__proto__": {"polluted": true}, "x": [1]}' });
    deliver(null);
    deliver('a string, not an object');
    assert.equal(got.length, 1);
    assert.deepEqual(JSON.parse(JSON.stringify(got[0])), { ['__proto__']: { polluted: true }, x: [1] });
    assert.equal(({}).polluted, undefined, 'JSON.parse makes __proto__ an own key, never a prototype');
    assert.equal(context.evaluated, false);
  });

  it('keeps at most 1000 console lines and errors, however many the frame sends', () => {
    const context = hostRealm();
    const { handle, deliver } = context.paranoidSandboxHandle(() => {}, {}, () => {});
    for (let i = 0; i < 5000; i++) deliver({ type: 'console', level: 'log', text: String(i) });
    assert.equal(handle.events.length, 1000);
    assert.equal(handle.events[999].text, '999');
  });

  it('sends posts 16 at a time, in order, so that the heartbeat never waits behind a flood', async () => {
    const context = hostRealm();
    const posts = [];
    const { handle, deliver } = context.paranoidSandboxHandle((m) => posts.push(m), {}, () => {});
    const answers = [];
    for (let i = 0; i < 100; i++) handle.post(i).then((r) => answers.push([i, r.type]));
    const delivers = () => posts.filter((m) => m.type === 'deliver');
    assert.equal(delivers().length, 16, 'the rest wait in the content script');
    // Answer what is out, as the frame would; each answer lets the next one go.
    for (let answered = 0; answered < 100; answered++) {
      deliver({ type: 'delivered', id: delivers()[answered].id });
      await new Promise((r) => setImmediate(r));
      assert.ok(delivers().length - (answered + 1) <= 16);
    }
    assert.deepEqual(delivers().map((m) => JSON.parse(m.json)), Array.from({ length: 100 }, (_, i) => i), 'in order');
    assert.deepEqual(answers.map(([i]) => i), Array.from({ length: 100 }, (_, i) => i));
  });

  it('settles a request only with an answer that names it, and only once', async () => {
    const context = hostRealm();
    const posts = [];
    const { handle, deliver } = context.paranoidSandboxHandle((m) => posts.push(m), {}, () => {});
    const pending = handle.run('1', 'f.js');
    const id = posts.at(-1).id;
    deliver({ type: 'result', id: id + 1, status: 'ok' }); // names another request: nothing
    deliver({ type: 'result', id: String(id), status: 'ok' }); // not the same key
    let settled = false;
    pending.then(() => { settled = true; });
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(settled, false);
    deliver({ type: 'result', id, status: 'ok' });
    deliver({ type: 'result', id, status: 'error', reason: 'a second answer' });
    assert.equal((await pending).status, 'ok');
  });
});

describe('the frame\'s heartbeat', () => {
  /** Moves the clock by `ms` in beats of 50 ms, as the interval would. */
  const advance = (clock, ms) => { for (let t = 0; t < ms; t += 50) { clock.now += 50; clock.beat?.(); } };

  it('lets the host\'s transpile run up to 60 s, then kills the worker; an unanswered ping after it kills at the budget', async () => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    assert.equal(typeof clock.beat, 'function', 'the heartbeat is set once the kernel is ready');
    r.fromWorker({ type: 'compiling', token });
    advance(clock, 59950);
    assert.equal(r.sent.filter((m) => m.type === 'killed').length, 0, 'a transpile is not the sandbox\'s CPU: no ping is judged meanwhile');
    advance(clock, 100);
    const killed = r.sent.filter((m) => m.type === 'killed');
    assert.equal(killed.length, 1);
    assert.equal(killed[0].reason, 'transpiling took over 60000 ms');
    assert.equal(clock.beat, null, 'the heartbeat stops with the worker');
  });

  it('kills a worker that leaves a ping unanswered past its budget, and not one that answers', async () => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    r.driver.fromHost({ type: 'configure', cpuMs: 200 });
    for (let i = 0; i < 20; i++) { advance(clock, 50); r.fromWorker({ type: 'pong', token }); }
    assert.equal(r.sent.filter((m) => m.type === 'killed').length, 0, 'answered every time');
    r.fromWorker({ type: 'pong', token: 'forged' }); // not an answer
    advance(clock, 350);
    const killed = r.sent.filter((m) => m.type === 'killed');
    assert.equal(killed.length, 1);
    assert.match(killed[0].reason, /^the worker did not answer for \d+ ms \(budget 200 ms\)$/);
  });

  it('gives an unanswered ping a beat\'s grace, so that a turn begun just before it is judged by its own timer', async () => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    r.driver.fromHost({ type: 'configure', cpuMs: 200 });
    advance(clock, 50); // a ping goes out
    const pings = r.posted.filter((m) => m.type === 'ping').length;
    assert.ok(pings >= 1, 'a ping was sent');
    clock.now += 5;
    r.fromWorker({ type: 'turn', on: true, instant: 1, at: clock.now, token }); // read after the ping was sent
    advance(clock, 200);
    assert.deepEqual(r.sent.filter((m) => m.type === 'killed'), [], 'the ping is 205 ms old, the turn 200: the turn\'s own timer decides');
    advance(clock, 50);
    const killed = r.sent.filter((m) => m.type === 'killed');
    assert.equal(killed.length, 1, 'past the budget and a beat, the heartbeat kills on its own');
    assert.match(killed[0].reason, /^the worker did not answer for 255 ms \(budget 200 ms\)$/);
  });
  it('takes a turn that ends as an answer: a queue of short turns ahead of the ping is not a hang, a task outside turns still is', async () => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    r.driver.fromHost({ type: 'configure', cpuMs: 100 });
    advance(clock, 50); // a ping goes out, and waits behind 60 short turns of 5 ms
    for (let i = 0; i < 60; i++) {
      r.fromWorker({ type: 'turn', on: true, instant: 10 + i, at: clock.now, token });
      clock.now += 5;
      r.fromWorker({ type: 'turn', on: false, pending: 0, at: clock.now, token });
      if (i % 10 === 9) clock.beat?.();
    }
    assert.deepEqual(r.sent.filter((m) => m.type === 'killed'), [], 'the ping is 300 ms old, but the worker ended a turn 0 ms ago');
    // Then a task the turn messages do not show: nothing ends, nothing answers.
    advance(clock, 200);
    const killed = r.sent.filter((m) => m.type === 'killed');
    assert.equal(killed.length, 1);
    assert.match(killed[0].reason, /^the worker did not answer for \d+ ms \(budget 100 ms\)$/);
  });
});

describe('the frame\'s set-up budget', () => {
  /** One turn of `ms` for request `id` in a new instant; whether the sandbox was killed. */
  const turn = (r, clock, instant, ms, answer) => {
    const { token } = r;
    r.fromWorker({ type: 'turn', on: true, instant, at: clock.now, token });
    clock.now += ms;
    if (answer) r.fromWorker({ token, ...answer });
    r.fromWorker({ type: 'turn', on: false, pending: 0, at: clock.now, token });
    return r.sent.find((m) => m.type === 'killed') ?? null;
  };

  it('runs what the host marks set-up with its own budget, until the first request that is not', async () => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    r.fromWorker({ type: 'ready', token: r.token });
    r.driver.fromHost({ type: 'configure', cpuMs: 100 });
    r.driver.fromHost({ type: 'run', id: 1, source: 'library', filename: 'f', setup: true });
    assert.equal(turn(r, clock, 1, policy.sandbox.setupCpuMs - 500, { type: 'result', id: 1, status: 'ok' }), null, 'set-up within its budget');
    r.driver.fromHost({ type: 'deliver', id: 2, json: '1', setup: true });
    r.driver.fromHost({ type: 'run', id: 3, source: 'the script', filename: 'f' });
    assert.equal(turn(r, clock, 2, 900, { type: 'delivered', id: 2 }), null, 'a set-up delivery sent before the script is still set-up');
    const killed = turn(r, clock, 3, 150, { type: 'result', id: 3, status: 'ok' });
    assert.equal(killed?.reason, 'over the CPU budget of 100 ms', 'the script has the budget it was configured with');
  });

  it('ignores the mark once a request without it was sent, and kills a set-up turn past its own budget', async () => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    r.fromWorker({ type: 'ready', token: r.token });
    r.driver.fromHost({ type: 'configure', cpuMs: 100 });
    r.driver.fromHost({ type: 'run', id: 1, source: 'the script', filename: 'f' });
    assert.equal(turn(r, clock, 1, 50, { type: 'result', id: 1, status: 'ok' }), null);
    r.driver.fromHost({ type: 'deliver', id: 2, json: '1', setup: true });
    assert.equal(turn(r, clock, 2, 150, { type: 'delivered', id: 2 })?.reason, 'over the CPU budget of 100 ms', 'too late to be set-up');

    const clock2 = { now: 1000, beat: null };
    const r2 = await driverRealm({ clock: clock2 });
    r2.fromWorker({ type: 'ready', token: r2.token });
    r2.driver.fromHost({ type: 'configure', cpuMs: 100 });
    r2.driver.fromHost({ type: 'run', id: 1, source: 'library', filename: 'f', setup: true });
    const killed = turn(r2, clock2, 1, policy.sandbox.setupCpuMs + 50, { type: 'result', id: 1, status: 'ok' });
    assert.equal(killed?.reason, `over the set-up budget of ${policy.sandbox.setupCpuMs} ms`);
  });
});

describe('the frame\'s share of a core', () => {
  /**
   * Turns of `turnMs` every `periodMs` (each a new instant, as a timer chain makes), for up to
   * `forMs` of the test's clock; returns the kill, if any, and when it came.
   */
  const hog = async ({ budget, turnMs, periodMs, forMs }) => {
    const clock = { now: 1000, beat: null };
    const r = await driverRealm({ clock });
    const { token } = r;
    r.fromWorker({ type: 'ready', token });
    r.driver.fromHost({ type: 'configure', cpuMs: budget });
    const start = clock.now;
    for (let instant = 1; clock.now - start < forMs; instant++) {
      r.fromWorker({ type: 'turn', on: true, instant, at: clock.now, token });
      clock.now += turnMs;
      r.fromWorker({ type: 'turn', on: false, pending: 1, at: clock.now, token });
      const killed = r.sent.find((m) => m.type === 'killed');
      if (killed) { r.driver.kill('test over'); return { killed, at: clock.now - start }; }
      clock.now += periodMs - turnMs;
    }
    r.driver.kill('test over');
    return { killed: null, at: forMs };
  };
  const { watchdog } = policy;

  it('kills a chain at ~90 % of a core under a 250 ms budget within the short window', async () => {
    const { killed, at } = await hog({ budget: 250, turnMs: 125, periodMs: 140, forMs: 30000 });
    assert.ok(killed, 'killed');
    assert.equal(killed.reason, `over ${watchdog.shortWindowMs * watchdog.shortShare} ms of CPU in ${watchdog.shortWindowMs / 1000} s (${watchdog.shortShare * 100} % of a core)`);
    assert.ok(at <= watchdog.shortWindowMs, `after ${at} ms`);
  });

  it('kills one at ~30 % by the long window, after the short one let it run', async () => {
    const { killed, at } = await hog({ budget: 250, turnMs: 125, periodMs: 400, forMs: 30000 });
    assert.ok(killed, 'killed');
    assert.match(killed.reason, /in 10 s \(25 % of a core\)$/);
    assert.ok(at > 5000 && at <= 10000, `after ${at} ms`);
  });

  it('lets one at ~15 % run for a simulated minute', async () => {
    const { killed } = await hog({ budget: 250, turnMs: 125, periodMs: 830, forMs: 60000 });
    assert.equal(killed, null);
  });

  it('grows both windows with the budget, so that one turn of the whole budget fits', async () => {
    // A 5 s budget (the highest site cap): one 4.9 s turn, then rest; then a second one at once.
    const once = await hog({ budget: 5000, turnMs: 4900, periodMs: 60000, forMs: 50000 });
    assert.equal(once.killed, null, 'one turn of nearly the whole budget is allowed');
    const twice = await hog({ budget: 5000, turnMs: 4900, periodMs: 5000, forMs: 60000 });
    assert.ok(twice.killed, 'but not back to back for long');
  });
});
