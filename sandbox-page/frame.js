'use strict';
// The sandbox frame: an opaque-origin page (layer 1) that accepts exactly one init message from
// its parent, starts the worker kernel from a blob: URL, and watches its CPU time.
// 1. Capture what the frame needs, then scrub the frame's own globals (the seed's second line:
//    the frame never runs untrusted code, but nothing is left lying around).
// 2. Init: the first message whose source is the parent, whose nonce matches the URL's hash and
//    which carries exactly one MessagePort. Every later window message is ignored; from then on
//    only that port speaks.
// 3. Watchdog: the kernel posts a message when a turn starts and when it ends (after the
//    microtasks). Each virtual instant of the sandbox has a CPU budget; a turn that runs past it,
//    or turns that add up past it, kill the worker (terminate, and the host removes this frame,
//    which stops the process at once in Chromium).
// 4. Errors come back mapped to the original positions with the core's source maps.
(() => {
  const g = globalThis;
  // Local bindings shadow the globals the scrub below deletes, so later code keeps working.
  const { String, Number, JSON, Math, Array, Uint8Array, Map, Set, Reflect, Object, Error, Worker, EventTarget } = g;
  const apply = Reflect.apply;
  const kernelSource = apply(Function.prototype.toString, g.paranoidKernel, []);
  const policy = g.paranoidPolicy();
  const originalPosition = g.paranoidOriginalPosition;
  const parentWindow = g.parent;
  const nonce = g.location.hash.slice(1);
  const WorkerCtor = g.Worker;
  const workerPost = Worker.prototype.postMessage;
  const workerTerminate = Worker.prototype.terminate;
  const BlobCtor = g.Blob;
  const createObjectURL = g.URL.createObjectURL;
  const compileWasm = g.WebAssembly.compile;
  const now = g.performance.now.bind(g.performance);
  const setTimer = g.setTimeout.bind(g);
  const clearTimer = g.clearTimeout.bind(g);
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  const randomValues = g.crypto.getRandomValues.bind(g.crypto);
  const stringIndexOf = String.prototype.indexOf;
  const ErrorCtor = Error;

  let port = null;
  let worker = null;
  let token = null;
  let dead = false;
  const scripts = new Map(); // blob URL → { filename, sourceMap }

  const send = (message) => { if (port !== null) port.postMessage(message); };

  // --- the watchdog ---
  let budgetMs = 100;
  let instant = null;
  let usedMs = 0;
  let totalMs = 0;
  let turnStart = -1;
  let killTimer = null;
  let pendingTimers = 0;
  let outstanding = 0;
  let lastRequest = null; // the id of the last request from the host: a `quiet` names it

  const kill = (reason) => {
    if (dead) return;
    dead = true;
    if (turnStart >= 0) { const d = now() - turnStart; usedMs += d; totalMs += d; turnStart = -1; }
    if (worker !== null) apply(workerTerminate, worker, []);
    send({ type: 'killed', reason, cpuMs: totalMs });
  };
  const checkQuiet = () => {
    if (!dead && turnStart < 0 && pendingTimers === 0 && outstanding === 0) send({ type: 'quiet', cpuMs: totalMs, after: lastRequest });
  };
  const onTurn = (message) => {
    if (message.on) {
      if (message.instant !== instant) { instant = message.instant; usedMs = 0; }
      turnStart = now();
      killTimer = setTimer(() => kill(`over the CPU budget of ${budgetMs} ms`), Math.max(0, budgetMs - usedMs));
    } else if (turnStart >= 0) {
      const d = now() - turnStart;
      turnStart = -1;
      usedMs += d;
      totalMs += d;
      clearTimer(killTimer);
      pendingTimers = typeof message.pending === 'number' ? message.pending : 0;
      if (usedMs > budgetMs) kill(`over the CPU budget of ${budgetMs} ms`);
      else checkQuiet();
    }
  };

  // --- errors at original positions ---
  const locate = (error) => {
    const out = { name: String(error.name), message: String(error.message), line: null, column: null, file: null };
    const stack = String(error.stack || '');
    for (const [url, script] of scripts) {
      const at = apply(stringIndexOf, stack, [url + ':']);
      if (at < 0) continue;
      const m = /^:(\d+):(\d+)/.exec(stack.slice(at + url.length));
      if (m === null) continue;
      const line = Number(m[1]), column = Number(m[2]);
      let mapped = null;
      try { mapped = script.sourceMap ? originalPosition(JSON.parse(script.sourceMap).mappings, line, column) : { line, column }; } catch { mapped = null; }
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
      case 'ready': send({ type: 'ready' }); break;
      case 'boot-failed': send({ type: 'failed', reason: String(message.reason) }); dead = true; apply(workerTerminate, worker, []); break;
      case 'loaded': scripts.set(String(message.url), { filename: String(message.filename), sourceMap: message.sourceMap }); break;
      case 'result': {
        outstanding--;
        const result = { type: 'result', id: message.id, status: message.status };
        if (message.diagnostics) result.diagnostics = message.diagnostics;
        if (message.error) result.error = locate(message.error);
        send(result);
        checkQuiet();
        break;
      }
      case 'report': outstanding--; send({ type: 'report', id: message.id, values: message.values }); checkQuiet(); break;
      case 'uncaught': send({ type: 'uncaught', error: locate(message.error) }); break;
      case 'console': send({ type: 'console', level: String(message.level), text: String(message.text) }); break;
      default: break;
    }
  };

  const create = async (message) => {
    const options = message.options || {};
    if (typeof options.cpuMs === 'number' && options.cpuMs > 0) budgetMs = options.cpuMs;
    const bytes = new Uint8Array(4);
    randomValues(bytes);
    token = Array.from(bytes, (b) => b.toString(16)).join('') + String(Math.random()).slice(2);
    let module;
    try { module = await compileWasm(message.wasm); } catch (e) { send({ type: 'failed', reason: `the core did not compile: ${e}` }); return; }
    const url = apply(createObjectURL, undefined, [new BlobCtor([`(${kernelSource})(self);`], { type: 'text/javascript' })]);
    worker = new WorkerCtor(url, { name: 'paranoid' });
    apply(addListener, worker, ['message', onWorkerMessage]);
    apply(addListener, worker, ['error', (event) => {
      event.preventDefault();
      if (!dead) send({ type: 'failed', reason: `the kernel failed: ${event.message}` });
    }]);
    apply(workerPost, worker, [{ type: 'boot', token, module, level: options.level ?? null, layers: options.layers ?? null }]);
  };

  const onPortMessage = (event) => {
    const message = event.data;
    if (dead || message === null || typeof message !== 'object') return;
    if (message.type === 'create' && worker === null) { create(message); return; }
    if (worker === null) return;
    if (message.type === 'run' || message.type === 'report') {
      outstanding++;
      lastRequest = message.id;
      apply(workerPost, worker, [{ type: message.type, id: message.id, source: message.source, filename: message.filename, names: message.names, hostTime: message.hostTime }]);
    } else if (message.type === 'kill') {
      kill(String(message.reason || 'killed by the host'));
    }
  };

  // --- the one init message ---
  const onInit = (event) => {
    const data = event.data;
    if (port !== null || event.source !== parentWindow || data === null || typeof data !== 'object'
      || data.nonce !== nonce || nonce.length < 16 || event.ports.length !== 1) return;
    port = event.ports[0];
    apply(removeListener, g, ['message', onInit]);
    port.onmessage = onPortMessage;
    send({ type: 'hello' });
  };
  apply(addListener, g, ['message', onInit]);

  // --- scrub the frame ---
  const keep = new Set([...policy.undeletableGlobals, ...policy.frameUnforgeable]);
  const failures = [];
  for (let o = g; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const key of Reflect.ownKeys(o)) {
      if (o === g && keep.has(key)) continue;
      try { Reflect.deleteProperty(o, key); } catch { /* unforgeable accessors throw in some engines */ }
    }
  }
  for (const name of policy.mustBeGone) {
    if (!keep.has(name) && name in g) failures.push(name);
  }
  if (failures.length > 0) {
    // Fail closed: no port is ever accepted, so the host sees no `hello` and reports the frame broken.
    apply(removeListener, g, ['message', onInit]);
    throw new ErrorCtor(`the frame's scrub left ${failures.join(', ')}`);
  }
})();
