'use strict';
// Starts the worker kernel and watches it: the part of the sandbox frame that does not depend on
// being a frame. `frame.js` uses it behind its one port; test builds also use it without a frame
// (layer 1 switched off) to show what layers 2 and 3 stop alone.
// 1. Start the kernel from a blob: URL while the core compiles, then hand it the module (`boot`);
//    nothing of the host's reaches the worker before.
// 2. Watchdog: the kernel posts a message when a turn starts and when it ends (after the
//    microtasks). Each virtual instant of the sandbox has a CPU budget; a turn that runs past it,
//    or turns that add up past it, kill the worker (`terminate`; the host also removes the frame,
//    which stops the process at once in Chromium).
// 3. Errors come back mapped to the original positions with the core's source maps.

/**
 * Captures what it needs when called (the frame calls it before scrubbing itself).
 * @param {{ kernel: Function, policy: object, send: (message: object) => void, watchdog: boolean }} deps
 * @returns {{ fromHost: (message: object) => void, kill: (reason: string) => void }}
 */
globalThis.paranoidWorkerDriver = function paranoidWorkerDriver({ kernel, policy, send, watchdog }) {
  const g = globalThis;
  const { String, Number, JSON, Math, Array, Uint8Array, Map, Reflect, Worker } = g;
  const apply = Reflect.apply;
  const kernelSource = apply(Function.prototype.toString, kernel, []);
  const sourceMapIndex = g.paranoidSourceMapIndex;
  const WorkerCtor = Worker;
  const workerPost = Worker.prototype.postMessage;
  const workerTerminate = Worker.prototype.terminate;
  const BlobCtor = g.Blob;
  const blobArrayBuffer = BlobCtor.prototype.arrayBuffer;
  const createObjectURL = g.URL.createObjectURL;
  const compileWasm = g.WebAssembly.compile;
  const now = g.performance.now.bind(g.performance);
  const setTimer = g.setTimeout.bind(g);
  const setRepeating = g.setInterval.bind(g);
  const clearRepeating = g.clearInterval.bind(g);
  const clearTimer = g.clearTimeout.bind(g);
  const addListener = g.EventTarget.prototype.addEventListener;
  const randomValues = g.crypto.getRandomValues.bind(g.crypto);
  const stringIndexOf = String.prototype.indexOf;
  const regExpTest = g.RegExp.prototype.test;
  const HEX_DIGEST = /^[0-9a-f]{64}$/;

  let worker = null;
  // Whether `boot` went to the worker: nothing of the host's reaches it before (the worker
  // exists while the core still compiles).
  let booted = false;
  let configured = false;
  let token = null;
  let dead = false;
  const scripts = new Map(); // blob URL → { filename, sourceMap }


  // --- the watchdog ---
  const WATCHDOG = policy.watchdog;
  let budgetMs = policy.sandbox.defaultCpuMs;
  let instant = null;
  let usedMs = 0;
  let totalMs = 0;
  let turnStart = -1;
  let killTimer = null;
  let pendingTimers = 0;
  let outstanding = 0;
  let lastRequest = null; // the id of the last request from the host: a `quiet` names it
  // Set-up: requests the host marks `setup` before its first other request (its own code, such
  // as a page replica's DOM library and first build, before anything untrusted is loaded) run
  // with the set-up budget and count toward neither an instant's budget nor the windows. The
  // first request that is not set-up closes it for good. A turn is set-up if set-up requests
  // were unanswered when it started (the worker answers in order).
  const SETUP_MS = policy.sandbox.setupCpuMs;
  const SETUP_REASON = `over the set-up budget of ${SETUP_MS} ms`;
  let setupOpen = true;
  const setupIds = new Set();
  let turnIsSetup = false;

  // The heartbeat, layer 1's own check that needs nothing of the kernel's accounting: a ping
  // every BEAT_MS; a worker that leaves one unanswered past the budget and a beat more, ending
  // no turn meanwhile, is busy in something the turn messages do not show, and is killed. Transpiling the host's script (between
  // `compiling` and `compiled`) is exempt, up to COMPILE_LIMIT_MS.
  // When the beat itself comes late, the frame's own thread was stalled (the sandbox frames of
  // an extension share a process: measured, 50 sandboxes starting at once stalled it 500 ms) and
  // the answer may be waiting behind it: the ping is sent again rather than judged, at most
  // LATE_BEATS_FORGIVEN times in a row. The numbers and why: rust-core/src/policy/limits.rs.
  const COMPILE_LIMIT_MS = WATCHDOG.compileLimitMs;
  const BEAT_MS = WATCHDOG.beatMs;
  const LATE_BEATS_FORGIVEN = WATCHDOG.lateBeatsForgiven;
  let heartbeat = null;
  let pingSentAt = null;
  let compilingSince = null;
  let lastBeatAt = null;
  let lateBeats = 0;
  const beat = () => {
    const t = now();
    const late = lastBeatAt !== null && t - lastBeatAt > 2 * BEAT_MS;
    lastBeatAt = t;
    lateBeats = late ? lateBeats + 1 : 0;
    if (compilingSince !== null) {
      if (t - compilingSince > COMPILE_LIMIT_MS) kill(`transpiling took over ${COMPILE_LIMIT_MS} ms`);
      return;
    }
    if (pingSentAt !== null) {
      if (late && lateBeats <= LATE_BEATS_FORGIVEN) {
        pingSentAt = t;
        apply(workerPost, worker, [{ type: 'ping' }]);
        return;
      }
      // A beat's grace: a ping sent just before a turn began overstates it by up to a beat, and
      // the turn's own kill timer must come first (limits.rs, WATCHDOG_BEAT_MS).
      const budget = turnIsSetup || setupIds.size > 0 ? SETUP_MS : budgetMs;
      if (t - pingSentAt > budget + BEAT_MS) kill(`the worker did not answer for ${Math.round(t - pingSentAt)} ms (budget ${budget} ms)`);
      return;
    }
    pingSentAt = t;
    apply(workerPost, worker, [{ type: 'ping' }]);
  };

  const kill = (reason) => {
    if (dead) return;
    dead = true;
    if (heartbeat !== null) clearRepeating(heartbeat);
    if (turnStart >= 0) { const d = now() - turnStart; usedMs += d; totalMs += d; turnStart = -1; }
    if (worker !== null) apply(workerTerminate, worker, []);
    send({ type: 'killed', reason, cpuMs: totalMs });
  };
  const checkQuiet = () => {
    if (!dead && turnStart < 0 && pendingTimers === 0 && outstanding === 0) send({ type: 'quiet', cpuMs: totalMs, after: lastRequest });
  };
  // Besides the budget per virtual instant, a share of one core over two sliding windows: a
  // chain of short timers makes a new instant at every tick, each within budget, and would
  // otherwise run a core flat out. Both windows grow with the budget, so that one turn of the
  // whole budget always fits: the short one is max(1 s, 4 × budget) at half a core, the long
  // one max(10 s, 20 × budget) at a quarter (policy.watchdog). Measured before: a single 1 s
  // window of 5 × budget let a 250 ms budget hold ~90 % of a core for as long as it liked.
  const windows = [
    { ms: () => Math.max(WATCHDOG.shortWindowMs, WATCHDOG.shortBudgets * budgetMs), share: WATCHDOG.shortShare, turns: [], head: 0, sum: 0 },
    { ms: () => Math.max(WATCHDOG.longWindowMs, WATCHDOG.longBudgets * budgetMs), share: WATCHDOG.longShare, turns: [], head: 0, sum: 0 },
  ];
  const windowLimit = (w) => w.ms() * w.share;
  const prune = (t) => {
    for (const w of windows) {
      const since = t - w.ms();
      while (w.head < w.turns.length && w.turns[w.head][0] < since) w.sum -= w.turns[w.head++][1];
      if (w.head > 1024 && w.head * 2 > w.turns.length) { w.turns = w.turns.slice(w.head); w.head = 0; }
    }
  };
  const record = (end, d) => { for (const w of windows) { w.turns.push([end, d]); w.sum += d; } prune(end); };
  /** CPU left before a window is full, and that window's reason; the budget's when it is nearer. */
  const nearestLimit = () => {
    if (turnIsSetup) return { left: SETUP_MS, reason: SETUP_REASON };
    let left = budgetMs - usedMs;
    let reason = `over the CPU budget of ${budgetMs} ms`;
    for (const w of windows) {
      const room = windowLimit(w) - w.sum;
      if (room < left) { left = room; reason = `over ${Math.round(windowLimit(w))} ms of CPU in ${w.ms() / 1000} s (${w.share * 100} % of a core)`; }
    }
    return { left, reason };
  };
  // A turn's length is the worker's own measure when the kernel sent one, else what the frame
  // saw. Not the shorter of the two: with a coarse clock (Firefox gives these realms 1 ms) each
  // is 0 or 1 for a short turn, right on average, but their minimum is mostly 0. Measured in
  // Firefox ESR on a setTimeout(f, 0) storm: 12,051 turns in 2 s, 281 ms by the worker's clock,
  // 1,686 ms by the frame's (its thread was busy reading the turn messages), 54 ms by the
  // minimum, which never reached the budget. The frame's view only adds the time the turn's end
  // waited in the frame's queue (its thread stalled), which is not the sandbox's. The kill timer
  // that fires late for the same reason is armed again, up to LATE_KILLS_FORGIVEN times a turn,
  // so that a queued end of turn is read first; a worker still in its turn is then killed.
  const LATE_KILLS_FORGIVEN = WATCHDOG.lateKillsForgiven;
  let turnStartWorker = null;
  const armKill = (left, forgiven) => {
    const armedAt = now();
    killTimer = setTimer(() => {
      if (now() - armedAt > left + 2 * BEAT_MS && forgiven < LATE_KILLS_FORGIVEN) { armKill(left, forgiven + 1); return; }
      kill(nearestLimit().reason);
    }, Math.max(0, left));
  };
  const onTurn = (message) => {
    if (message.on) {
      if (message.instant !== instant) { instant = message.instant; usedMs = 0; }
      turnIsSetup = setupIds.size > 0;
      turnStart = now();
      turnStartWorker = typeof message.at === 'number' ? message.at : null;
      prune(turnStart);
      if (watchdog) armKill(nearestLimit().left, 0);
    } else if (turnStart >= 0) {
      // A turn that ends is the worker answering: a ping waiting behind a queue of short
      // turns (posts, timers) is not a hang; a task outside turns ends none, and is still caught.
      pingSentAt = null;
      const seen = now() - turnStart;
      const own = turnStartWorker !== null && typeof message.at === 'number' ? message.at - turnStartWorker : seen;
      const d = own >= 0 ? own : seen;
      turnStart = -1;
      totalMs += d;
      if (!turnIsSetup) { usedMs += d; record(now(), d); }
      clearTimer(killTimer);
      pendingTimers = typeof message.pending === 'number' ? message.pending : 0;
      const limit = turnIsSetup ? { left: SETUP_MS - d, reason: SETUP_REASON } : nearestLimit();
      turnIsSetup = false;
      if (watchdog && limit.left < 0) kill(limit.reason);
      else checkQuiet();
    }
  };

  // --- errors at original positions ---
  // At most LOCATES_PER_SECOND errors a second are mapped (each costs a scan of the stack);
  // the rest keep their text and lose their position. Texts are cut again here.
  const LOCATES_PER_SECOND = policy.sandbox.locatesPerSecond;
  const TEXT_LIMIT = policy.hostTextLimit;
  let locateWindow = 0, locatesInWindow = 0;
  const cut = (v) => { const t = String(v); return t.length > TEXT_LIMIT ? `${t.slice(0, TEXT_LIMIT)}…` : t; };
  const locate = (error) => {
    const out = { name: cut(error.name), message: cut(error.message), line: null, column: null, file: null };
    const t = now();
    if (t - locateWindow > 1000) { locateWindow = t; locatesInWindow = 0; }
    if (++locatesInWindow > LOCATES_PER_SECOND) return out;
    const stack = cut(error.stack || '');
    for (const [url, script] of scripts) {
      const at = apply(stringIndexOf, stack, [url + ':']);
      if (at < 0) continue;
      const m = /^:(\d+):(\d+)/.exec(stack.slice(at + url.length, at + url.length + 24));
      if (m === null) continue;
      const line = Number(m[1]), column = Number(m[2]);
      let mapped = null;
      try {
        if (script.sourceMap === null) mapped = { line, column };
        else {
          if (script.lookup === null) script.lookup = sourceMapIndex(JSON.parse(script.sourceMap).mappings);
          mapped = script.lookup(line, column);
        }
      } catch { mapped = null; }
      if (mapped !== null) { out.line = mapped.line; out.column = mapped.column; out.file = script.filename; }
      break;
    }
    return out;
  };


  // --- the worker ---
  const onWorkerMessage = (event) => {
    const message = event.data;
    if (dead || message === null || typeof message !== 'object' || message.token !== token) return;
    switch (message.type) {
      case 'turn': onTurn(message); break;
      case 'ready':
        if (watchdog) heartbeat = setRepeating(beat, BEAT_MS);
        send({ type: 'ready' });
        break;
      case 'pong': pingSentAt = null; break;
      case 'compiling': compilingSince = now(); pingSentAt = null; break;
      case 'compiled':
        // How long the host's script took to transpile: the host's own cost, for its figures.
        if (compilingSince !== null) send({ type: 'compiled', ms: now() - compilingSince });
        compilingSince = null;
        pingSentAt = null;
        break;
      case 'boot-failed':
        send({ type: 'failed', reason: cut(message.reason) });
        dead = true;
        apply(workerTerminate, worker, []);
        break;
      case 'loaded':
        scripts.set(String(message.url), { filename: cut(message.filename), sourceMap: typeof message.sourceMap === 'string' ? message.sourceMap : null, lookup: null });
        break;
      case 'result': {
        outstanding--;
        setupIds.delete(message.id);
        const result = { type: 'result', id: message.id, status: message.status };
        if (message.diagnostics) result.diagnostics = message.diagnostics;
        if (message.error) result.error = locate(message.error);
        send(result);
        checkQuiet();
        break;
      }
      case 'report': {
        outstanding--;
        const missing = Array.isArray(message.missing) ? message.missing.slice(0, policy.sandbox.missingKept).map(cut) : [];
        send({ type: 'report', id: message.id, values: message.values, missing });
        checkQuiet();
        break;
      }
      case 'delivered': outstanding--; setupIds.delete(message.id); send({ type: 'delivered', id: message.id }); checkQuiet(); break;
      case 'message':
        // Checked again here: the kernel bounds each message; one that breaks the bound is dropped.
        if (typeof message.json === 'string' && message.json.length <= policy.messageLimit) send({ type: 'message', json: message.json });
        break;
      case 'uncaught': send({ type: 'uncaught', error: locate(message.error) }); break;
      case 'console': send({ type: 'console', level: cut(message.level), text: cut(message.text) }); break;
      default: break;
    }
  };

  const create = async (message) => {
    const options = message.options || {};
    const bytes = new Uint8Array(4);
    randomValues(bytes);
    token = Array.from(bytes, (b) => b.toString(16)).join('') + String(Math.random()).slice(2);
    // The worker starts (and reads the kernel) on its thread while the core compiles here; it
    // waits for `boot`, which brings the module.
    const url = apply(createObjectURL, undefined, [new BlobCtor([`(${kernelSource})(self);`], { type: 'text/javascript' })]);
    worker = new WorkerCtor(url, { name: 'paranoid' });
    apply(addListener, worker, ['message', onWorkerMessage]);
    apply(addListener, worker, ['error', (event) => {
      event.preventDefault();
      // An error the kernel did not catch: it may be half-working, so it goes (fail closed).
      if (!dead) kill(`the kernel failed: ${cut(event.message)}`);
    }]);
    let module;
    try {
      // The core comes as a Blob, read here: posting a Blob copies nothing on the host page's
      // thread, where a copy of the core's 2.2 MB for each sandbox took up to 9 ms.
      module = await compileWasm(await apply(blobArrayBuffer, message.wasm, []));
    } catch (e) {
      dead = true;
      apply(workerTerminate, worker, []);
      send({ type: 'failed', reason: `the core did not compile: ${e}` });
      return;
    }
    if (dead) return;
    apply(workerPost, worker, [{ type: 'boot', token, module, layers: options.layers ?? null }]);
    booted = true;
  };

  /** `configure.prebuilt`: SHA-256 digests (hex) of texts transpiled before, copied as strings. */
  const digestsOf = (list) => {
    const out = [];
    if (!Array.isArray(list)) return out;
    for (let i = 0; i < list.length && out.length < policy.sandbox.prebuiltNamed; i++) {
      const digest = list[i];
      if (typeof digest === 'string' && digest.length === 64 && apply(regExpTest, HEX_DIGEST, [digest])) out[out.length] = digest;
    }
    return out;
  };

  /** A message from the host (already unwrapped from its event). */
  const fromHost = (message) => {
    if (dead || message === null || typeof message !== 'object') return;
    if (message.type === 'create' && worker === null) { create(message); return; }
    if (message.type === 'kill' && worker !== null && !booted) { kill(String(message.reason || 'killed by the host')); return; }
    if (!booted) return;
    // What the sandbox is for, once, before its first run (the kernel refuses runs until then).
    if (message.type === 'configure') {
      if (configured) return;
      configured = true;
      if (typeof message.cpuMs === 'number' && message.cpuMs > 0) budgetMs = message.cpuMs;
      apply(workerPost, worker, [{ type: 'configure', cpuMs: budgetMs, level: typeof message.level === 'string' ? message.level : null,
        capabilities: { messages: message.capabilities?.messages === true }, prebuilt: digestsOf(message.prebuilt) }]);
      return;
    }
    if (message.type === 'run' || message.type === 'report' || message.type === 'deliver') {
      if (message.type === 'deliver' && !(typeof message.json === 'string' && message.json.length <= policy.messageLimit)) return;
      outstanding++;
      lastRequest = message.id;
      if (message.setup === true && setupOpen && message.type !== 'report') setupIds.add(message.id);
      else setupOpen = false;
      const prebuilt = message.type === 'run' && message.prebuilt === true;
      const sourceMap = prebuilt && typeof message.sourceMap === 'string' ? message.sourceMap : null;
      const original = prebuilt && typeof message.original === 'string' ? message.original : null;
      const userscript = message.type === 'run' && message.userscript === true;
      apply(workerPost, worker, [{ type: message.type, id: message.id, source: message.source, filename: message.filename, names: message.names, json: message.json, hostTime: message.hostTime, prebuilt, sourceMap, original, userscript }]);
    } else if (message.type === 'kill') {
      kill(String(message.reason || 'killed by the host'));
    }
  };

  return { fromHost, kill };
};
