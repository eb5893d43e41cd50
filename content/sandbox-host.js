'use strict';
// The content script's side of a sandbox: it hosts the frame, holds the only port to it, and
// turns the frame's messages into promises.
// Threat: the page owns the DOM this runs in. It can define custom elements, patch prototypes in
// its own world, listen to events, walk `window.frames` and navigate any frame it finds. Nothing
// of ours may be reachable from there, and nothing the page sends may be taken for ours.
// 1. The host is a plain `div` (never a custom element: the page cannot upgrade it, construct it
//    or `attachInternals()` it) with a closed shadow root holding the frame: the page cannot read
//    the frame's URL. It can remove, move or restyle the host; any of these tears the sandbox down
//    and says so (denial of service only). The host is rendered (a transparent pixel, `inert`,
//    never hit by the pointer) so that Chromium keeps the frame's process in the foreground; a
//    page that hides it otherwise (its own root hidden, a transform) only slows its sandboxes.
// 2. The handshake proves both ends, over the port only. The frame's URL carries two fresh
//    128-bit keys: the host key, which the one init message (posted with the port) carries to the
//    frame, and the frame key, which the frame's `hello` must carry back over the port. Nothing is
//    sent to the frame before that `hello`: a page that navigated the frame (it can, through
//    `window.frames`) to its own document gets a port that never speaks, and a page that posts
//    its own init to the real frame lacks the host key. No answer within the boot deadline, or a
//    wrong key, tears the sandbox down.
// 3. A kill (from the watchdog or the host) removes the frame, which stops its process at once
//    in Chromium, where `worker.terminate()` alone leaves a spinning thread burning ~2 s.
// Invariant: nothing that comes back from the frame is evaluated; results are data.

/* global paranoidExtension, paranoidPolicy */
/* exported openSandbox, paranoidSandboxHandle, paranoidIsOwnNode */

let paranoidWasmBlob = null;

/**
 * The core, fetched from the package once per content script (again after a failure), as a
 * Blob: each frame is sent the same one, and posting a Blob copies nothing on the page's thread
 * (an ArrayBuffer was copied whole for each sandbox).
 */
function paranoidCoreBlob() {
  if (paranoidWasmBlob === null) {
    paranoidWasmBlob = fetch(paranoidExtension.runtime.getURL('core/paranoid_core.wasm')).then((response) => {
      if (!response.ok) throw new Error(`cannot load the core: HTTP ${response.status}`);
      return response.blob();
    });
    paranoidWasmBlob.catch(() => { paranoidWasmBlob = null; });
  }
  return paranoidWasmBlob;
}

/** A fresh 128-bit key, as 32 hexadecimal digits. */
function paranoidKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The handle on one sandbox, whatever carries its messages.
 * @param {(message: object) => void} post sends to the sandbox (the frame's port)
 * @param {{ onEvent?: (event: object) => void, onMessage?: (data: unknown) => void }} options
 * @param {() => void} teardown removes what hosts the sandbox, once, when it dies
 */
function paranoidSandboxHandle(post, options, teardown) {
  const policy = paranoidPolicy();
  const EVENTS_KEPT = policy.host.eventsKept;
  const MESSAGE_LIMIT = policy.messageLimit;
  let nextId = 1;
  const waiting = new Map();
  let quietWaiters = [];
  let deathReason = null;
  let lastQuiet = null;
  const events = [];
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});

  const die = (reason, status) => {
    if (deathReason !== null) return;
    deathReason = { status, reason };
    teardown();
    rejectReady(new Error(reason));
    for (const [, w] of waiting) w({ type: 'result', status, reason });
    waiting.clear();
    for (const w of quietWaiters) w({ status, reason });
    quietWaiters = [];
  };

  let current = options;
  const deliver = (message) => {
    if (message === null || typeof message !== 'object') return;
    if (current.onEvent) current.onEvent(message);
    switch (message.type) {
      case 'ready': resolveReady(); break;
      case 'failed': die(`the sandbox failed to start: ${message.reason}`, 'error'); break;
      case 'killed': die(message.reason, 'killed'); break;
      case 'message': {
        // Data only: parsed here, in the content script's world, never evaluated.
        if (typeof message.json !== 'string' || !current.onMessage) break;
        let data;
        try { data = JSON.parse(message.json); } catch { break; }
        current.onMessage(data);
        break;
      }
      case 'result': case 'report': case 'delivered': {
        const w = waiting.get(message.id);
        if (w) { waiting.delete(message.id); w(message); }
        break;
      }
      case 'quiet':
        // Only a quiet that follows the latest request counts: an earlier one may still be in
        // flight when the next request leaves.
        if (message.after !== nextId - 1 || deliveriesWaiting.length > 0) break;
        lastQuiet = message;
        for (const w of quietWaiters) w({ status: 'quiet', cpuMs: message.cpuMs });
        quietWaiters = [];
        break;
      // The kernel caps these per virtual instant; the host keeps the first EVENTS_KEPT in all.
      case 'uncaught': case 'console': if (events.length < EVENTS_KEPT) events.push(message); break;
      default: break;
    }
  };

  const request = (message) => new Promise((resolve) => {
    if (deathReason !== null) { resolve({ type: 'result', status: deathReason.status, reason: deathReason.reason }); return; }
    const id = nextId++;
    waiting.set(id, resolve);
    lastQuiet = null;
    post({ ...message, id, hostTime: Date.now() });
  });

  // Posts go out at most DELIVERIES_IN_FLIGHT at a time; the rest wait here, in order. The
  // frame's heartbeat ping waits in the worker's queue behind whatever is there, so a page that
  // posted a thousand messages at once got its sandbox killed by Firefox's watchdog while it was
  // only reading them (measured: "the worker did not answer for 110 ms").
  const DELIVERIES_IN_FLIGHT = policy.host.deliveriesInFlight;
  let deliveriesInFlight = 0;
  const deliveriesWaiting = [];
  const sendPost = (json, setup) => new Promise((resolve) => {
    const go = () => {
      deliveriesInFlight++;
      request({ type: 'deliver', json, ...(setup ? { setup: true } : {}) }).then((answer) => {
        deliveriesInFlight--;
        const next = deliveriesWaiting.shift();
        if (next) next();
        resolve(answer);
      });
    };
    if (deliveriesInFlight < DELIVERIES_IN_FLIGHT) go(); else deliveriesWaiting.push(go);
  });

  const handle = {
    /**
     * Runs one script; resolves with `{status, diagnostics?, error?}`. `setup`: the host's own
     * code, before anything untrusted (the frame gives it the set-up budget until the first
     * request without it). `prebuilt`: code transpiled before (the kernel loads it as it is only
     * if its SHA-256 is one the build recorded or `configure` named), with its `sourceMap` and
     * the `original` it was made from (the text its functions' `toString` shows). `userscript`:
     * a userscript's own text, transpiled wrapped in a function, as the managers run one.
     */
    run: (source, filename, { setup = false, prebuilt = false, sourceMap = null, original = null, userscript = false } = {}) => request({
      type: 'run', source, filename, ...(setup ? { setup: true } : {}), ...(prebuilt ? { prebuilt: true, sourceMap, original } : {}),
      ...(userscript ? { userscript: true } : {}),
    }),
    /** JSON texts of the named globals, and the missing globals the scripts reached for. */
    report: (names) => request({ type: 'report', names }),
    /**
     * Posts JSON-able data to the sandbox's `paranoid.onMessage` listeners; resolves once they
     * ran, or with `{status: 'error', reason, undelivered: true}` when the data cannot be sent.
     */
    post: (data, { setup = false } = {}) => {
      const undelivered = (reason) => Promise.resolve({ status: 'error', reason, undelivered: true });
      let json;
      try { json = JSON.stringify(data); } catch (error) { return undelivered(`the data is not JSON: ${error.message}`); }
      if (typeof json !== 'string') return undelivered('the data is not JSON');
      if (json.length > MESSAGE_LIMIT) return undelivered(`${json.length} characters of JSON, over the limit of ${MESSAGE_LIMIT}`);
      return sendPost(json, setup);
    },
    /** Resolves when nothing is pending (no turn, timers or calls), or with the sandbox's death. */
    whenQuiet: () => new Promise((resolve) => {
      if (deathReason !== null) resolve({ status: deathReason.status, reason: deathReason.reason });
      else if (lastQuiet !== null) resolve({ status: 'quiet', cpuMs: lastQuiet.cpuMs });
      else quietWaiters.push(resolve);
    }),
    kill: (reason = 'killed by the host') => { post({ type: 'kill', reason }); die(reason, 'killed'); },
    /** Uncaught errors and console messages, in order. */
    events,
    get death() { return deathReason; },
  };
  /**
   * What the sandbox is for (budget, level, capabilities, callbacks, and the digests of the texts
   * transpiled before that it may load as they are): once, before its first run.
   */
  const configure = (settings) => {
    current = settings;
    post({ type: 'configure', cpuMs: settings.cpuMs, level: settings.level, capabilities: settings.capabilities, prebuilt: settings.prebuilt ?? [] });
  };
  return { handle, deliver, die, ready, configure };
}

// Frames boot a few at a time: each start is CPU-bound (the core's compile, the kernel's boot),
// and fifty at once on two cores made the sandboxes already running miss their budgets
// (wall-clock time) and be killed (measured, docs/BENCHMARKS.md).
const PARANOID_START_SLOTS = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
let paranoidStartsRunning = 0;
const paranoidStartQueue = [];
async function paranoidStartSlot(boot) {
  if (paranoidStartsRunning >= PARANOID_START_SLOTS) await new Promise((resolve) => paranoidStartQueue.push(resolve));
  paranoidStartsRunning++;
  try {
    return await boot();
  } finally {
    paranoidStartsRunning--;
    const next = paranoidStartQueue.shift();
    if (next) next();
  }
}

/**
 * A booted sandbox in a fresh frame of the extension's sandbox page, not yet configured.
 * @param {object | undefined} layers test builds only: the layers left on
 */
// The elements Paranoid puts in the page (each sandbox frame's host). They are never part of a
// userscript's replica: no script reads, moves or changes a sandbox's frame, its own or another's.
const paranoidOwnElements = new WeakSet();
/** Whether `node` is an element Paranoid put in the page. */
function paranoidIsOwnNode(node) {
  return paranoidOwnElements.has(node);
}

function paranoidOpenFrame(layers) {
  return paranoidStartSlot(() => paranoidBootFrame(layers));
}

async function paranoidBootFrame(layers) {
  // The core comes while the frame loads: it goes to the frame only after its `hello`.
  const wasm = paranoidCoreBlob();
  const host = document.createElement('div');
  // Rendered, not `display:none`: Chromium backgrounds the process of a frame that is not
  // rendered, and its workers' plain JavaScript then runs slower (measured: a loop of object
  // literals 2.8x, integer arithmetic 1.7x; loops in built-ins not; docs/design.md). One
  // transparent pixel in a corner, `inert` (out of the tab order and the accessibility tree),
  // never hit by the pointer; `all:initial` first, inline and important, so that no rule of the
  // page's reaches the host or, by inheritance, the frame.
  const hostStyle = 'all:initial !important;position:fixed !important;left:0 !important;top:0 !important;'
    + 'width:1px !important;height:1px !important;overflow:hidden !important;opacity:0 !important;pointer-events:none !important';
  host.setAttribute('style', hostStyle);
  host.setAttribute('inert', '');
  const root = host.attachShadow({ mode: 'closed' });
  const frame = document.createElement('iframe');
  const hostKey = paranoidKey();
  const frameKey = paranoidKey();
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('tabindex', '-1');
  frame.setAttribute('style', 'display:block;width:1px;height:1px;border:0');
  frame.src = `${paranoidExtension.runtime.getURL('sandbox-page/sandbox.html')}#${frameKey}.${hostKey}`;
  root.appendChild(frame);

  const channel = new MessageChannel();
  const port = channel.port1;
  const parent = document.documentElement || document;
  const watchHost = () => {
    if (!host.isConnected) sandbox.die('the page removed the sandbox frame', 'error');
    else if (host.parentNode !== parent) sandbox.die('the page moved the sandbox frame', 'error');
    else if (host.attributes.length !== 2 || host.getAttribute('style') !== hostStyle || host.getAttribute('inert') !== '') sandbox.die('the page changed the sandbox frame\'s host element', 'error');
  };
  const observer = new MutationObserver(watchHost);
  let loads = 0;
  let proven = false;
  let deadline = 0;
  // Nothing goes to the frame before it proved itself (a kill before then only tears down).
  const sandbox = paranoidSandboxHandle((m) => { if (proven) port.postMessage(m); }, {}, () => {
    clearTimeout(deadline);
    observer.disconnect();
    port.onmessage = null;
    port.close();
    host.remove();
  });
  port.onmessage = (event) => {
    const message = event.data;
    if (proven) { sandbox.deliver(message); return; }
    if (message !== null && typeof message === 'object' && message.type === 'hello' && message.key === frameKey) {
      proven = true;
      clearTimeout(deadline);
      wasm.then((blob) => { if (sandbox.handle.death === null) port.postMessage({ type: 'create', wasm: blob, options: { layers } }); },
        (error) => sandbox.die(String(error.message), 'error'));
    } else {
      sandbox.die('the sandbox frame did not prove itself (the page may have replaced it)', 'error');
    }
  };
  // A second load is a navigation of the frame: the page reached it through `window.frames`.
  frame.addEventListener('load', () => {
    loads++;
    if (loads > 1) sandbox.die('the page navigated the sandbox frame', 'error');
  });

  paranoidOwnElements.add(host);
  parent.appendChild(host);
  observer.observe(document, { childList: true, subtree: true });
  observer.observe(host, { attributes: true });
  deadline = setTimeout(() => sandbox.die(`the sandbox frame did not answer within ${paranoidPolicy().frameProofMs} ms`, 'error'), paranoidPolicy().frameProofMs);
  // The page may remove the frame before it loads: `ready` then rejects with the reason.
  await Promise.race([new Promise((resolve) => frame.addEventListener('load', resolve, { once: true })), sandbox.ready]);
  if (sandbox.handle.death !== null) throw new Error(sandbox.handle.death.reason);
  frame.contentWindow.postMessage({ key: hostKey }, '*', [channel.port2]);
  await sandbox.ready;
  return sandbox;
}

// One booted sandbox waits for the next `openSandbox` once a page has used one: the frame, the
// core's compile and the kernel's boot are most of a start (measured in docs/BENCHMARKS.md). Pages that never open a sandbox never get one.
let paranoidSpare = null;

/**
 * Opens a sandbox: the waiting spare when there is one, else a fresh frame.
 * @param {{ cpuMs?: number, level?: string, layers?: object, capabilities?: { messages?: boolean },
 *   prebuilt?: string[] | Promise<string[]>, onEvent?: (event: object) => void, onMessage?: (data: unknown) => void }} [options]
 *   `prebuilt`: the SHA-256 (hex) of each text transpiled before that the sandbox may load as it is
 * @returns {Promise<object>} the sandbox handle: run, report, post, whenQuiet, kill, death, events
 */
async function openSandbox(options = {}) {
  // `prebuilt` may still be coming (a page script's build, asked of the background while the
  // frame starts): `configure` waits for it; a failure names none.
  const prebuilt = Promise.resolve(options.prebuilt ?? []).then((p) => (Array.isArray(p) ? p : []), () => []);
  const pooled = options.layers === undefined;
  let sandbox = null;
  if (pooled && paranoidSpare !== null) {
    const spare = paranoidSpare;
    paranoidSpare = null;
    sandbox = await spare.catch(() => null);
    if (sandbox !== null && sandbox.handle.death !== null) sandbox = null;
  }
  if (sandbox === null) sandbox = await paranoidOpenFrame(options.layers);
  sandbox.configure({ ...options, prebuilt: await prebuilt });
  if (pooled && paranoidSpare === null) {
    // A little later, so that the spare's start does not compete with this sandbox's first run.
    paranoidSpare = new Promise((resolve) => setTimeout(resolve, paranoidPolicy().host.spareDelayMs)).then(() => paranoidOpenFrame(undefined));
    paranoidSpare.catch(() => { paranoidSpare = null; });
  }
  return sandbox.handle;
}
