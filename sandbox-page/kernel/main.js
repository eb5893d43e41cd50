'use strict';
// The worker kernel's entry: the boot, then the frame's messages. The build wraps this file and
// the other kernel files in one function expression, `(function paranoidKernel(g) { … })(self)`,
// so that the kernel leaves no global binding of its own. Each taming is a file of its own with
// its threat; this file only puts them together, in the order `boot` lists.
// Before the first message: capture the primordials (`captureCommons`, before anything else),
// then make what outlives a failed boot: the turns, the loader, the text for the host, the
// console's events, the report.
// Boot (the first message, from the frame): steps 1-8 of `boot`. Any failure: `boot-failed` with
// the reason, and nothing runs.
// After the boot, each message is a row of the policy's protocol table (hop `worker`, to the
// worker), and `dispatch` says when each is taken and what answers it.

/* global captureCommons, makeCore, makeClock, makeWebApis, makeScope, tameFunctionConstructors, makeFunctionCache, makeSourceTexts, scrubGlobal, makeEval, makeTemporal, makeEvents,
   paranoidPolicy, layerSwitches, makeTurns, makeLoader, makeHostText, makeConsole, makeHostApi, makeReport */

/** What a worker must have captured; the boot refuses to go on without any of them. */
const WORKER_COMMONS = ['performanceNow', 'performance', 'setTimeout', 'clearTimeout', 'postMessage',
  'addEventListener', 'messageEventData', 'MessageChannel', 'channelPort1', 'channelPort2',
  'portPostMessage', 'portOnmessageSet', 'Blob', 'createObjectURL', 'revokeObjectURL', 'importScripts'];

/** The globals of the clock (clock.js) the scope offers. */
const CLOCK_GLOBALS = ['Date', 'Intl', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask'];
/** The web platform's stand-ins (web-apis.js) the scope offers. */
const WEB_GLOBALS = ['URL', 'crypto', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'atob', 'btoa', 'structuredClone', 'navigator'];
/** The DOM's events and aborting (events.js) the scope offers. */
const EVENT_GLOBALS = ['EventTarget', 'Event', 'CustomEvent', 'AbortController', 'AbortSignal'];

/** @param {any} g the worker's global */
function kernelMain(g) {
  const c = captureCommons(g);
  for (let i = 0; i < WORKER_COMMONS.length; i++) {
    if (typeof c[WORKER_COMMONS[i]] === 'undefined') throw c.construct(c.Error, [`kernel: this worker lacks ${WORKER_COMMONS[i]}`]);
  }
  const policy = paranoidPolicy();
  const reserved = policy.reserved;
  let token = null;
  let booted = false;
  let sandbox = null;
  // The sandbox's ES level, from `configure`; null (the latest) until then.
  let level = null;

  const post = (message) => {
    message.token = token;
    c.apply(c.postMessage, g, [message]);
  };
  const record = (fields) => c.setPrototypeOf(fields, null);
  const currentClock = () => (sandbox === null ? null : sandbox.clock);
  const turns = makeTurns(c, g, { __proto__: null, post, clock: currentClock });
  const loader = makeLoader(c, g, policy);
  const text = makeHostText(c, policy.hostTextLimit, loader.shorten);
  const sandboxConsole = makeConsole(c, policy, {
    __proto__: null, post, text, instant: () => (sandbox === null ? 0 : sandbox.clock.instant()),
  });
  const report = makeReport(c, policy, text);

  /**
   * The `Function` stand-ins' compile: a text compiled before makes its function from the
   * cache's factory; else the core's Function entry, then the loader, which returns the factory.
   */
  const compileFunction = (core, layers, sourceTexts) => {
    const functionCache = makeFunctionCache(c, policy);
    const compile = (kind, parts) => {
      const out = core.transpileFunction(parts, kind, level);
      if (!out.ok) {
        const d = out.diagnostics[0];
        throw c.construct(c.SyntaxError, [d === undefined ? 'the function was refused' : `${d.message} (${d.code})`]);
      }
      sourceTexts.keep(out.sourceKey, out.sourceText);
      return loader.loadFunction(out.code);
    };
    return (kind, parts) => {
      if (!layers.transpile) throw c.construct(c.Error, ['the transpiler layer is off: no Function']);
      return functionCache.functionFor(kind, parts, compile);
    };
  };
  /** What the scope offers under the policy's `stand-in` globals. */
  const standIns = (clock, webApis, functions, evaluator, hostApi) => {
    const all = c.create(null);
    for (let i = 0; i < CLOCK_GLOBALS.length; i++) all[CLOCK_GLOBALS[i]] = clock.standIns[CLOCK_GLOBALS[i]];
    for (let i = 0; i < WEB_GLOBALS.length; i++) all[WEB_GLOBALS[i]] = webApis.standIns[WEB_GLOBALS[i]];
    const events = makeEvents(c, { __proto__: null, now: webApis.now, setTimeout: clock.standIns.setTimeout, uncaught: sandboxConsole.uncaught });
    for (let i = 0; i < EVENT_GLOBALS.length; i++) all[EVENT_GLOBALS[i]] = events.standIns[EVENT_GLOBALS[i]];
    all.Function = functions.Function;
    all.eval = evaluator.eval;
    // Temporal with a virtual `Now`, where the engine has Temporal (temporal.js).
    const temporal = makeTemporal(c, clock);
    if (temporal !== undefined) all.Temporal = temporal;
    all.console = sandboxConsole.standIn;
    all.paranoid = hostApi.api;
    return all;
  };
  /**
   * The three reserved names on the real global, and which URLs this worker loads scripts from
   * (a probe that hands a function over). With the transpiler off (test builds) nothing names
   * them: they are bound only for the probe and deleted after it.
   */
  const bindReserved = (scope, layers) => {
    const bind = (name, value) => c.defineProperty(g, name, { __proto__: null, value, writable: false, enumerable: false, configurable: !layers.transpile });
    bind(reserved.scope, scope.S);
    bind(reserved.global, scope.G);
    bind(reserved.runtime, scope.R);
    loader.choose(`${reserved.runtime}.functionResult(function probe() {});`);
    if (!layers.transpile) {
      c.deleteProperty(g, reserved.scope);
      c.deleteProperty(g, reserved.global);
      c.deleteProperty(g, reserved.runtime);
    }
  };
  /** Layer 2: the real global keeps the reserved names and the undeletable globals only. */
  const scrub = (layers) => {
    const keep = layers.transpile ? [reserved.scope, reserved.global, reserved.runtime] : [];
    for (let i = 0; i < policy.undeletableGlobals.length; i++) keep[keep.length] = policy.undeletableGlobals[i];
    const failures = scrubGlobal(c, g, { keep, constants: policy.undeletableConstants, mustBeGone: policy.mustBeGone });
    if (failures.length === 0) return;
    let why = failures[0];
    for (let i = 1; i < failures.length; i++) why += `; ${failures[i]}`;
    throw c.construct(c.Error, [`scrubbing failed: ${why}`]);
  };

  const boot = (message) => {
    // 1. The layers a test build may switch off (the shipped build ignores what is asked).
    const layers = layerSwitches(message.layers);
    // 2. The core, which must answer through both entries. (The first call of an entry also
    //    pays the engine's first compile of its code, 5-12 ms: here, before the sandbox's budget
    //    runs, not in its first `Function` call.)
    const core = makeCore(c, message.module, policy);
    if (!core.transpile('x', null).ok) throw c.construct(c.Error, ['the core did not transpile a trivial script']);
    const trivial = record({ 0: 'a', 1: 'return a', length: 2 });
    if (!core.transpileFunction(trivial, 'normal', null).ok) throw c.construct(c.Error, ['the core did not transpile a trivial function']);
    // 3. The frame's messages this kernel answers are the protocol's.
    checkDispatch();
    // 4. Virtual time.
    const clock = makeClock(c, { __proto__: null, changed: turns.changed, uncaught: sandboxConsole.uncaught }, policy.clockStepMs);
    // 5. The `Function` stand-ins (with layer 2, the real constructors replaced), and
    //    `toString` giving each function's original text (with the transpiler: its marks).
    const sourceTexts = makeSourceTexts(c, policy, (t) => core.sourceKey(t).sourceKey);
    if (layers.transpile) sourceTexts.install();
    const functions = tameFunctionConstructors(c, compileFunction(core, layers, sourceTexts), layers.scrub);
    // 6. `paranoid`, completed and frozen by `configure`.
    const hostApi = makeHostApi(c, policy, {
      __proto__: null, post, uncaught: sandboxConsole.uncaught, describe: text.describe, instant: turns.instant, used: turns.used,
    });
    // 7. The stand-in scope, and the reserved names that reach it.
    // 6b. The web platform's stand-ins (URL, crypto, performance, animation frames; the DOM's
    //     events and aborting, made with the scope's stand-ins).
    const webApis = makeWebApis(c, clock, policy.animationFrameMs);
    // 6c. The indirect-eval stand-in (the core's eval entry, at the sandbox's level).
    const transpileEval = (source) => {
      const out = core.transpileEval(source, level);
      if (out.ok) sourceTexts.keep(out.sourceKey, source);
      return out;
    };
    const evaluator = makeEval(c, layers.transpile ? transpileEval : null, (code) => loader.load(loader.prepare(code).url));
    const scope = makeScope(c, policy, standIns(clock, webApis, functions, evaluator, hostApi), loader.handOver, report.noteMissing, evaluator.completion);
    bindReserved(scope, layers);
    // 8. The scrub of the real global.
    if (layers.scrub) scrub(layers);
    sandbox = record({ core, clock, scope, layers, hostApi, sourceTexts, configured: false });
  };

  // Transpiling the host's script is the host's cost, not the sandbox's: it runs before the turn
  // opens, between `compiling` and `compiled`, which the watchdog does not count (it bounds them
  // separately). `Function` stand-ins transpile inside turns: that is the sandbox's cost.
  // A `prebuilt` run is code already put through the same transpiler: by the build (the page
  // replica's DOM library, whose SHA-256 the policy's `prebuilt` lists), or by the extension when
  // a userscript was saved (named by the host in the one `configure`, before anything ran: see
  // `nameDigests`). It is loaded as it is only when its SHA-256 is one of those; any other text
  // marked so is refused, and nothing runs.
  // The build's digests, and those `configure` names, in one null-prototype set.
  const prebuiltDigests = c.create(null);
  for (let i = 0; i < policy.prebuilt.length; i++) prebuiltDigests[policy.prebuilt[i]] = true;
  /** The host's `configure.prebuilt`: at most `sandbox.prebuiltNamed` digests, taken once. */
  const nameDigests = (list) => {
    if (!c.isArray(list)) return;
    const n = list.length;
    for (let i = 0; i < n && i < policy.sandbox.prebuiltNamed; i++) {
      const digest = list[i];
      if (typeof digest === 'string' && digest.length === 64) prebuiltDigests[digest] = true;
    }
  };
  const isPrebuilt = (source) => {
    if (typeof source !== 'string') return false;
    const digest = sandbox.core.sha256(source).digest;
    return typeof digest === 'string' && c.hasOwn(prebuiltDigests, digest);
  };
  const run = (message) => {
    const id = message.id;
    let code = message.source;
    let sourceMap = null;
    if (sandbox.layers.transpile) {
      post(record({ type: 'compiling' }));
      let out;
      try {
        // A prebuilt text's source map (for the original lines in errors) comes with it.
        out = message.prebuilt === true
          ? (isPrebuilt(message.source)
            ? record({ ok: true, code: message.source, sourceMap: typeof message.sourceMap === 'string' ? message.sourceMap : null })
            : record({ ok: false, diagnostics: [record({ code: 'not-prebuilt', message: 'the code is marked as transpiled already, but it is not one of the texts the build transpiled or the host named when it configured the sandbox', line: 1, column: 1, offset: 0 })] }))
          : message.userscript === true
            ? sandbox.core.transpileUserscript(message.source, level)
            : sandbox.core.transpile(message.source, level);
      } catch (error) {
        // A trap in the core (the glue already dropped the instance): nothing runs.
        post(record({ type: 'compiled' }));
        post(record({ type: 'result', id, status: 'error', error: record({ name: 'InternalError', message: `the transpiler failed, nothing ran: ${text.safeString(error)}`, stack: '' }) }));
        return;
      }
      post(record({ type: 'compiled' }));
      if (!out.ok) {
        post(record({ type: 'result', id, status: 'rejected', diagnostics: out.diagnostics }));
        return;
      }
      code = out.code;
      sourceMap = out.sourceMap;
      // The text its marks point into: the input, or what the host says a prebuilt text was made from.
      if (message.prebuilt !== true) sandbox.sourceTexts.keep(out.sourceKey, message.source);
      else sandbox.sourceTexts.keepOriginal(message.original);
    }
    turns.begin();
    const script = loader.prepare(code);
    post(record({ type: 'loaded', url: script.name, filename: message.filename, sourceMap }));
    try {
      loader.load(script.url);
    } catch (error) {
      post(record({ type: 'result', id, status: 'error', error: text.describe(error) }));
      return;
    }
    post(record({ type: 'result', id, status: 'ok' }));
  };

  // The frame's messages after the boot. `heartbeat`: answered at once, outside any turn, even
  // before `configure`. `configure`: the first one only, before anything runs. `call`: a call in,
  // taken only once configured (fail closed), a new instant with a budget of its own; only a run
  // moves the clock exactly (`exact`), anything else to the step below the host's time
  // (clock.js).
  const dispatch = {
    __proto__: null,
    // The watchdog's heartbeat. A worker that is busy (a loop in code the kernel does not see,
    // with the other layers off) cannot answer.
    ping: record({ when: 'heartbeat', handle: () => post(record({ type: 'pong' })) }),
    configure: record({
      when: 'configure',
      handle: (message) => {
        if (typeof message.level === 'string') level = message.level;
        nameDigests(message.prebuilt);
        sandbox.hostApi.configure(message);
      },
    }),
    run: record({ when: 'call', exact: true, handle: run }),
    report: record({
      when: 'call',
      exact: false,
      handle: (message) => {
        turns.begin();
        const answer = report.answer(sandbox.layers.transpile ? sandbox.scope.S : g, message.names);
        post(record({ type: 'report', id: message.id, values: answer.values, missing: answer.missing }));
      },
    }),
    deliver: record({
      when: 'call',
      exact: false,
      handle: (message) => {
        turns.begin();
        if (typeof message.json === 'string') sandbox.hostApi.deliver(message.json);
        post(record({ type: 'delivered', id: message.id }));
      },
    }),
  };
  // Each type's fields, from the protocol table: what a handler gets of a message.
  const fieldsOf = c.create(null);
  const rows = policy.protocol.messages;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].hop === 'worker' && rows[i].to === 'worker') fieldsOf[rows[i].type] = rows[i].fields;
  }
  const checkDispatch = () => {
    for (const type in fieldsOf) {
      if (type !== 'boot' && dispatch[type] === undefined) throw c.construct(c.Error, [`kernel: no handler for the protocol's ${type}`]);
    }
    for (const type in dispatch) {
      if (fieldsOf[type] === undefined) throw c.construct(c.Error, [`kernel: ${type} is not a message of the protocol`]);
    }
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
        post(record({ type: 'boot-failed', reason: text.describe(error).message }));
      }
      return;
    }
    if (sandbox === null) return;
    // From here on untrusted code may have run: read only own properties of the message, so that
    // a getter planted on Object.prototype is never consulted for a missing one.
    const own = (key) => (c.hasOwn(message, key) ? message[key] : undefined);
    const kind = own('type');
    if (typeof kind !== 'string' || dispatch[kind] === undefined) return;
    const entry = dispatch[kind];
    const fields = c.create(null);
    const names = fieldsOf[kind];
    for (let i = 0; i < names.length; i++) fields[names[i]] = own(names[i]);
    if (entry.when === 'configure') {
      if (sandbox.configured) return;
      sandbox.configured = true;
    } else if (entry.when === 'call') {
      if (!sandbox.configured) return;
      sandbox.clock.hostCall(fields.hostTime, entry.exact);
    }
    c.apply(entry.handle, undefined, [fields]);
  };
  c.apply(c.addEventListener, g, ['message', onMessage]);
  // The engine fires this in a task of its own: a turn, since reading the reason runs
  // untrusted getters.
  c.apply(c.addEventListener, g, ['unhandledrejection', (event) => {
    turns.begin();
    sandboxConsole.uncaught(c.get(event, 'reason'));
  }]);
}
