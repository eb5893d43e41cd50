'use strict';
// The worker kernel's entry: boot, then the event loop. The build wraps this file and the other
// kernel files in one function expression, `(function paranoidKernel(g) { … })(self)`, so that
// the kernel leaves no global binding of its own.
// Boot (the first message, from the frame): capture the primordials (done before anything else,
// in `captureCommons`), instantiate the core and check it answers, build the clock, the
// `Function` stand-ins and the stand-in scope, bind the three reserved names, scrub the global,
// check the allow- and blocklists, and only then say `ready`. Any failure: `boot-failed` with
// the reason, and nothing runs.
// Turns: every task the kernel runs (a message from the frame, a timer) opens a turn; the turn
// ends in a later task, so only after the microtasks it queued have drained. The frame's
// watchdog measures the time between the two messages.

/* global captureCommons, makeCore, makeClock, makeScope, tameFunctionConstructors, scrubGlobal, paranoidPolicy, layerSwitches */

/** What a worker must have captured; the boot refuses to go on without any of them. */
const WORKER_COMMONS = ['performanceNow', 'performance', 'setTimeout', 'clearTimeout', 'postMessage',
  'addEventListener', 'messageEventData', 'MessageChannel', 'channelPort1', 'channelPort2',
  'portPostMessage', 'portOnmessageSet', 'Blob', 'createObjectURL', 'revokeObjectURL', 'importScripts'];

/** @param {any} g the worker's global */
function kernelMain(g) {
  const c = captureCommons(g);
  for (let i = 0; i < WORKER_COMMONS.length; i++) {
    if (typeof c[WORKER_COMMONS[i]] === 'undefined') throw c.construct(c.Error, [`kernel: this worker lacks ${WORKER_COMMONS[i]}`]);
  }
  const policy = paranoidPolicy();
  let token = null;
  let booted = false;
  let sandbox = null;

  const post = (message) => {
    message.token = token;
    c.apply(c.postMessage, g, [message]);
  };
  const record = (fields) => c.setPrototypeOf(fields, null);
  // After untrusted code has run, `array[i] = v` could reach a setter planted on
  // Array.prototype: the kernel defines the element instead.
  const append = (array, value) => c.reflectDefine(array, array.length, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  // Every text that leaves for the host is cut to this many UTF-16 units.
  const TEXT_LIMIT = policy.hostTextLimit;
  const cut = (text) => (text.length > TEXT_LIMIT ? `${c.apply(c.stringSlice, text, [0, TEXT_LIMIT])}…` : text);
  // Where scripts load from data: URLs (Firefox), a stack names each script by its whole text:
  // the kernel swaps the URL for a short name before anything is cut or sent. The newest
  // DATA_URLS_KEPT are remembered (each `Function` call makes one).
  const DATA_URLS_KEPT = 64;
  const dataUrls = c.create(null);
  let dataUrlCount = 0;
  const nameDataUrl = (url) => {
    const name = `paranoid:script-${dataUrlCount}`;
    dataUrls[dataUrlCount % DATA_URLS_KEPT] = record({ url, name });
    dataUrlCount++;
    return name;
  };
  const shorten = (stack) => {
    let out = stack;
    const oldest = dataUrlCount > DATA_URLS_KEPT ? dataUrlCount - DATA_URLS_KEPT : 0;
    for (let i = dataUrlCount - 1; i >= oldest; i--) {
      const { url, name } = dataUrls[i % DATA_URLS_KEPT];
      for (let at = c.apply(c.stringIndexOf, out, [url]); at >= 0; at = c.apply(c.stringIndexOf, out, [url, at + name.length])) {
        out = `${c.apply(c.stringSlice, out, [0, at])}${name}${c.apply(c.stringSlice, out, [at + url.length])}`;
      }
    }
    return out;
  };
  const safeString = (value) => {
    try { return typeof value === 'string' ? value : c.String(value); } catch { return '(unprintable)'; }
  };
  const describe = (error) => {
    let name = 'Error', message = '', stack = '';
    try {
      if ((typeof error === 'object' && error !== null) || typeof error === 'function') {
        name = safeString(error.name);
        message = safeString(error.message);
        stack = safeString(error.stack);
      } else {
        name = 'uncaught value';
        message = safeString(error);
      }
    } catch (inner) {
      message = `(reading the error threw: ${safeString(inner)})`;
    }
    return record({ name: cut(name), message: cut(message), stack: cut(shorten(stack)) });
  };

  // Turns. A MessageChannel to itself gives a task that runs after the microtasks drain,
  // without the 4 ms clamp of nested timers.
  const channel = c.construct(c.MessageChannel, []);
  const selfPort = c.apply(c.channelPort2, channel, []);
  let inTurn = false;
  let realTimer = null;
  // The kernel's own count of the CPU spent at the current virtual instant, as the frame's
  // watchdog counts it, for `paranoid.cpuLevel()`.
  const realNow = () => c.apply(c.performanceNow, c.performance, []);
  let turnInstant = null;
  let turnStartedAt = 0;
  let usedAtInstant = 0;
  const beginTurn = () => {
    if (inTurn) return;
    inTurn = true;
    const instant = sandbox === null ? 0 : sandbox.clock.instant();
    if (instant !== turnInstant) { turnInstant = instant; usedAtInstant = 0; }
    turnStartedAt = realNow();
    post(record({ type: 'turn', on: true, instant, at: turnStartedAt }));
    c.apply(c.portPostMessage, selfPort, [0]);
  };
  const armTimer = () => {
    if (realTimer !== null) { c.apply(c.clearTimeout, g, [realTimer]); realTimer = null; }
    if (sandbox === null) return;
    const wait = sandbox.clock.realDelay();
    if (wait < 0) return;
    const armed = c.apply(c.setTimeout, g, [fireTimer, wait]);
    realTimer = armed;
  };
  const endTurn = () => {
    inTurn = false;
    const endedAt = realNow();
    usedAtInstant += endedAt - turnStartedAt;
    post(record({ type: 'turn', on: false, pending: sandbox === null ? 0 : sandbox.clock.pending(), at: endedAt }));
    armTimer();
  };
  c.apply(c.portOnmessageSet, c.apply(c.channelPort1, channel, []), [endTurn]);
  function fireTimer() {
    realTimer = null;
    beginTurn();
    sandbox.clock.runNext();
  }

  // Console lines and uncaught errors go to the host as they happen, so a loop could flood the
  // host with messages (each held there): at most EVENTS_PER_INSTANT per virtual instant, each
  // text cut at EVENT_TEXT_LIMIT; what is dropped is counted and reported once.
  const EVENTS_PER_INSTANT = 200;
  let eventsInstant = null;
  let eventsSent = 0;
  let eventsDropped = 0;
  const EVENTS_PER_SECOND = 500;
  let eventsSecond = 0;
  let eventsThisSecond = 0;
  const event = (fields) => {
    const instant = sandbox === null ? 0 : sandbox.clock.instant();
    if (instant !== eventsInstant) {
      if (eventsDropped > 0) post(record({ type: 'console', level: 'warn', text: `paranoid: ${eventsDropped} console lines and errors were dropped` }));
      eventsInstant = instant;
      eventsSent = 0;
      eventsDropped = 0;
    }
    // And per real second, since a chain of 1 ms timers makes a new instant at every tick.
    const t = realNow();
    if (t - eventsSecond > 1000) { eventsSecond = t; eventsThisSecond = 0; }
    if (eventsSent >= EVENTS_PER_INSTANT || eventsThisSecond >= EVENTS_PER_SECOND) { eventsDropped++; return; }
    eventsSent++;
    eventsThisSecond++;
    post(record(fields));
  };
  const uncaught = (error) => event({ type: 'uncaught', error: describe(error) });

  // Messages to the page, bounded per real second on top of each one's size.
  const MESSAGE_LIMIT = policy.messageLimit;
  const MESSAGES_PER_SECOND = 5000;
  const MESSAGE_CHARS_PER_SECOND = 16 * MESSAGE_LIMIT;
  const MESSAGE_LISTENERS = 64;
  let messagesSecond = 0, messagesThisSecond = 0, bytesThisSecond = 0;
  const messageListeners = [];
  const deliver = (json) => {
    let data;
    try { data = c.apply(c.jsonParse, undefined, [json]); } catch { return; }
    for (let i = 0; i < messageListeners.length; i++) {
      try { c.apply(messageListeners[i], undefined, [data]); } catch (error) { uncaught(error); }
    }
  };

  // The globals a script reached for that the sandbox does not offer (`document`, `fetch`, …),
  // for the host's report: the first MISSING_KEPT names, in order.
  const MISSING_KEPT = 256;
  const missingSeen = c.create(null);
  const missingNames = [];
  const noteMissing = (key) => {
    if (typeof key !== 'string' || missingSeen[key] === true || missingNames.length >= MISSING_KEPT) return;
    missingSeen[key] = true;
    append(missingNames, cut(key));
  };

  /** A one-shot iterable of one string that consults no prototype (Blob's sequence<BlobPart>). */
  const onePart = (text) => {
    let done = false;
    const iterator = {
      __proto__: null,
      next() {
        if (done) return { __proto__: null, done: true, value: undefined };
        done = true;
        return { __proto__: null, done: false, value: text };
      },
    };
    return { __proto__: null, [c.symbolIterator]() { return iterator; } };
  };
  const blobUrl = (code) => {
    const blob = c.construct(c.Blob, [onePart(code), { __proto__: null, type: 'text/javascript' }]);
    return c.apply(c.createObjectURL, undefined, [blob]);
  };
  // Firefox refuses importScripts(blob:) in a worker of a moz-extension sandbox frame (measured:
  // SecurityError with or without a CSP) but loads data: URLs, which its build's frame CSP
  // allows; the boot picks whichever this engine loads.
  let useDataUrls = false;
  const dataUrl = (code) => `data:text/javascript;charset=utf-8,${c.apply(c.encodeURIComponent, undefined, [code])}`;
  const scriptUrl = (code) => (useDataUrls ? dataUrl(code) : blobUrl(code));
  const load = (url) => {
    try { c.apply(c.importScripts, g, [url]); } finally { if (!useDataUrls) c.apply(c.revokeObjectURL, undefined, [url]); }
  };

  // What a sandbox is for (its budget, level and capabilities) arrives after the boot, in one
  // `configure` message that must come before the first run: a booted worker can then wait,
  // ready, in the host's pool. Until then nothing runs.
  let level = null;
  let budget = 100;
  let configure = null;

  const boot = (message) => {
    const layers = layerSwitches(message.layers);
    const core = makeCore(c, message.module, policy);
    const probe = core.transpile('x', null);
    if (!probe.ok) throw c.construct(c.Error, ['the core did not transpile a trivial script']);

    const clock = makeClock(c, { changed() { if (!inTurn) armTimer(); }, uncaught }, policy.clockStepMs);
    let handedOver = null;
    const compile = (kind, parts) => {
      if (!layers.transpile) throw c.construct(c.Error, ['the transpiler layer is off: no Function']);
      const out = core.transpileFunction(parts, kind, level);
      if (!out.ok) {
        const d = out.diagnostics[0];
        throw c.construct(c.SyntaxError, [d === undefined ? 'the function was refused' : `${d.message} (${d.code})`]);
      }
      handedOver = null;
      const url = scriptUrl(out.code);
      if (useDataUrls) nameDataUrl(url);
      load(url);
      const fn = handedOver;
      handedOver = null;
      if (typeof fn !== 'function') throw c.construct(c.Error, ['kernel: the compiled function did not hand itself over']);
      return fn;
    };
    const functions = tameFunctionConstructors(c, compile, layers.scrub);
    const consoleStandIn = c.create(null);
    const levels = ['log', 'info', 'warn', 'error', 'debug'];
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i];
      consoleStandIn[level] = {
        [level](...args) {
          let text = '';
          for (let j = 0; j < args.length; j++) text += (j === 0 ? '' : ' ') + safeString(args[j]);
          event({ type: 'console', level, text: cut(text) });
        },
      }[level];
    }
    c.freeze(consoleStandIn);
    // The design's coarse CPU budget (docs/design.md, "cpuLevel"): 0 below 50 % of the budget
    // spent at this virtual instant, 1 to 75 %, 2 to 87.5 %, 3 above. Coarse on purpose: it must
    // not become a clock.
    let jitterInstant = null;
    const jitter = c.construct(c.Float64Array, [3]);
    const hostApi = {
      __proto__: null,
      cpuLevel() {
        // The thresholds move by up to ±5 % of the budget at each instant, so that counting
        // loop turns between two steps does not make a fine clock.
        if (jitterInstant !== turnInstant) {
          jitterInstant = turnInstant;
          for (let i = 0; i < 3; i++) jitter[i] = (c.apply(c.mathRandom, undefined, []) - 0.5) * 0.1;
        }
        const used = usedAtInstant + (inTurn ? realNow() - turnStartedAt : 0);
        const share = used / budget;
        return share < 0.5 + jitter[0] ? 0 : share < 0.75 + jitter[1] ? 1 : share < 0.875 + jitter[2] ? 2 : 3;
      },
    };
    // Messages with the page: only when the host grants them (a page's own scripts; never a
    // quarantined one). Data only, as JSON text both ways. `hostApi` is on S from the boot but
    // completed and frozen here, before any untrusted code can have run.
    configure = (settings) => {
      if (typeof settings.cpuMs === 'number' && settings.cpuMs > 0) budget = settings.cpuMs;
      if (typeof settings.level === 'string') level = settings.level;
      const capabilities = c.isObject(settings.capabilities) ? settings.capabilities : c.create(null);
      if (c.hasOwn(capabilities, 'messages') && capabilities.messages === true) grantMessages();
      c.freeze(hostApi);
    };
    const grantMessages = () => {
      hostApi.postMessage = function postMessage(data) {
        const t = realNow();
        if (t - messagesSecond > 1000) { messagesSecond = t; messagesThisSecond = 0; bytesThisSecond = 0; }
        let json;
        try { json = c.apply(c.jsonStringify, undefined, [data]); } catch (error) {
          throw c.construct(c.TypeError, [`paranoid.postMessage: the data is not JSON: ${describe(error).message}`]);
        }
        if (typeof json !== 'string') throw c.construct(c.TypeError, ['paranoid.postMessage: the data is not JSON (undefined, a function or a symbol)']);
        if (json.length > MESSAGE_LIMIT) throw c.construct(c.RangeError, [`paranoid.postMessage: ${json.length} characters of JSON, over the limit of ${MESSAGE_LIMIT}`]);
        if (messagesThisSecond >= MESSAGES_PER_SECOND || bytesThisSecond + json.length > MESSAGE_CHARS_PER_SECOND) {
          throw c.construct(c.RangeError, [`paranoid.postMessage: over ${MESSAGES_PER_SECOND} messages or ${MESSAGE_CHARS_PER_SECOND} characters in one second`]);
        }
        messagesThisSecond++;
        bytesThisSecond += json.length;
        post(record({ type: 'message', json }));
      };
      hostApi.onMessage = function onMessage(listener) {
        if (typeof listener !== 'function') throw c.construct(c.TypeError, ['paranoid.onMessage: the listener is not a function']);
        if (messageListeners.length >= MESSAGE_LISTENERS) throw c.construct(c.RangeError, [`paranoid.onMessage: over ${MESSAGE_LISTENERS} listeners`]);
        append(messageListeners, listener);
      };
    };
    const standIns = c.create(null);
    const clockStandIns = clock.standIns;
    const clockNames = ['Date', 'Intl', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask'];
    for (let i = 0; i < clockNames.length; i++) standIns[clockNames[i]] = clockStandIns[clockNames[i]];
    standIns.Function = functions.Function;
    standIns.console = consoleStandIn;
    standIns.paranoid = hostApi;
    const scope = makeScope(c, policy, standIns, (fn) => { handedOver = fn; return fn; }, noteMissing);
    const reserved = policy.reserved;
    // With the transpiler off (test builds) nothing names them: they are bound only for the
    // loader probe below and deleted after it.
    const bind = (name, value) => c.defineProperty(g, name, { __proto__: null, value, writable: false, enumerable: false, configurable: !layers.transpile });
    bind(reserved.scope, scope.S);
    bind(reserved.global, scope.G);
    bind(reserved.runtime, scope.R);
    // Which URLs this worker loads scripts from: a script that hands a function over.
    for (const data of [false, true]) {
      useDataUrls = data;
      handedOver = null;
      try { load(scriptUrl(`${reserved.runtime}.functionResult(function probe() {});`)); } catch { /* the next way */ }
      if (typeof handedOver === 'function') break;
      if (data) throw c.construct(c.Error, ['this worker loads scripts neither from blob: nor from data: URLs']);
    }
    handedOver = null;
    if (!layers.transpile) {
      c.deleteProperty(g, reserved.scope);
      c.deleteProperty(g, reserved.global);
      c.deleteProperty(g, reserved.runtime);
    }

    if (layers.scrub) {
      const keep = layers.transpile ? [reserved.scope, reserved.global, reserved.runtime] : [];
      for (let i = 0; i < policy.undeletableGlobals.length; i++) keep[keep.length] = policy.undeletableGlobals[i];
      const failures = scrubGlobal(c, g, { keep, constants: policy.undeletableConstants, mustBeGone: policy.mustBeGone });
      if (failures.length > 0) throw c.construct(c.Error, [`scrubbing failed: ${failures.join('; ')}`]);
    }
    sandbox = record({ core, clock, scope, layers, configured: false });
  };

  // Transpiling the host's script is the host's cost, not the sandbox's: it runs before the turn
  // opens, between `compiling` and `compiled`, which the watchdog does not count (it bounds them
  // separately). `Function` stand-ins transpile inside turns: that is the sandbox's cost.
  const run = (message) => {
    const id = message.id;
    let code = message.source;
    let sourceMap = null;
    if (sandbox.layers.transpile) {
      post(record({ type: 'compiling' }));
      let out;
      try {
        out = sandbox.core.transpile(message.source, level);
      } catch (error) {
        // A trap in the core (the glue already dropped the instance): nothing runs.
        post(record({ type: 'compiled' }));
        post(record({ type: 'result', id, status: 'error', error: record({ name: 'InternalError', message: `the transpiler failed, nothing ran: ${safeString(error)}`, stack: '' }) }));
        return;
      }
      post(record({ type: 'compiled' }));
      if (!out.ok) {
        post(record({ type: 'result', id, status: 'rejected', diagnostics: out.diagnostics }));
        return;
      }
      code = out.code;
      sourceMap = out.sourceMap;
    }
    beginTurn();
    const url = scriptUrl(code);
    post(record({ type: 'loaded', url: useDataUrls ? nameDataUrl(url) : url, filename: message.filename, sourceMap }));
    try {
      load(url);
    } catch (error) {
      post(record({ type: 'result', id, status: 'error', error: describe(error) }));
      return;
    }
    post(record({ type: 'result', id, status: 'ok' }));
  };

  const REPORT_LIMIT = 1 << 20;
  const report = (message) => {
    const values = c.create(null);
    const names = message.names;
    const S = sandbox.layers.transpile ? sandbox.scope.S : g;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      let json = null;
      try {
        if (c.hasOwn(S, name)) {
          const text = c.apply(c.jsonStringify, undefined, [S[name]]);
          json = typeof text === 'string' && text.length <= REPORT_LIMIT ? text : null;
          if (typeof text === 'string' && text.length > REPORT_LIMIT) json = c.apply(c.jsonStringify, undefined, [record({ unserialisable: `over ${REPORT_LIMIT} characters` })]);
        }
      } catch (error) {
        json = c.apply(c.jsonStringify, undefined, [record({ unserialisable: cut(describe(error).message) })]);
      }
      values[name] = json;
    }
    const missing = [];
    for (let i = 0; i < missingNames.length; i++) append(missing, missingNames[i]);
    post(record({ type: 'report', id: message.id, values, missing }));
  };

  const onMessage = (event) => {
    const message = c.apply(c.messageEventData, event, []);
    if (!booted) {
      booted = true;
      token = message.token;
      try {
        boot(message);
        post(record({ type: 'ready' }));
      } catch (error) {
        sandbox = null;
        post(record({ type: 'boot-failed', reason: describe(error).message }));
      }
      return;
    }
    if (sandbox === null) return;
    // From here on untrusted code may have run: read only own properties of the message, so that
    // a getter planted on Object.prototype is never consulted for a missing one.
    const own = (key) => (c.hasOwn(message, key) ? message[key] : undefined);
    const type = own('type');
    // The watchdog's heartbeat: answered at once, outside any turn. A worker that is busy (a
    // loop in code the kernel does not see, with the other layers off) cannot answer.
    if (type === 'ping') { post(record({ type: 'pong' })); return; }
    if (type === 'configure') {
      if (sandbox.configured) return;
      sandbox.configured = true;
      configure(record({ cpuMs: own('cpuMs'), level: own('level'), capabilities: own('capabilities') }));
      return;
    }
    // Fail closed: nothing runs in a sandbox the host has not configured.
    if (!sandbox.configured) return;
    // A call in is a new instant with a budget of its own; only a run moves the clock exactly,
    // anything else to the step below the host's time (clock.js).
    sandbox.clock.hostCall(own('hostTime'), type === 'run');
    if (type === 'run') run(record({ id: own('id'), source: own('source'), filename: own('filename') }));
    else if (type === 'report') { beginTurn(); report(record({ id: own('id'), names: own('names') })); }
    else if (type === 'deliver') {
      const json = own('json');
      beginTurn();
      if (typeof json === 'string') deliver(json);
      post(record({ type: 'delivered', id: own('id') }));
    }
  };
  c.apply(c.addEventListener, g, ['message', onMessage]);
  // The engine fires this in a task of its own: a turn, since reading the reason runs
  // untrusted getters.
  c.apply(c.addEventListener, g, ['unhandledrejection', (event) => {
    beginTurn();
    uncaught(c.get(event, 'reason'));
  }]);
}
