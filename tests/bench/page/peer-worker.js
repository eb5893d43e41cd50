'use strict';
/* global lockdown, Compartment */ // SES's, once ses.umd.js is imported
// A plain worker that runs the bench's workloads natively or inside one of the peers, timed by
// the page around each call (the same way the content script times the Paranoid sandbox).
// The first message names the runtime; then `load` (a script's text) and `call` (n).
//   native    — the worker's own realm, nothing in between
//   ses       — `lockdown()`, then a `Compartment` (npm `ses`)
//   sandboxjs — `new Sandbox().compile(...)` (npm `@nyariv/sandboxjs`)
//   quickjs   — a QuickJS context in wasm (npm `quickjs-emscripten`, its single-file build)

let runtime = null;

const runtimes = {
  async native() {
    let fn = null;
    return {
      load(source) { fn = (0, eval)(`${source}\n;typeof benchWorkload === 'function' ? benchWorkload : undefined`) || fn; },
      call(n) { return fn(n); },
    };
  },
  async ses() {
    importScripts('/node_modules/ses/dist/ses.umd.js');
    lockdown({ errorTaming: 'unsafe', overrideTaming: 'severe', consoleTaming: 'unsafe' });
    const compartment = new Compartment({ globals: { console } });
    compartment.globalThis.self = compartment.globalThis; // libraries look for their global there
    let fn = null;
    return {
      load(source) { fn = compartment.evaluate(`${source}\n;typeof benchWorkload === 'function' ? benchWorkload : undefined`) || fn; },
      call(n) { return fn(n); },
    };
  },
  async sandboxjs() {
    importScripts('/node_modules/@nyariv/sandboxjs/dist/umd/Sandbox.min.js');
    const Sandbox = self.Sandbox.default || self.Sandbox;
    const sandbox = new Sandbox();
    const scope = {};
    let fn = null;
    return {
      load(source) {
        const run = sandbox.compile(`${source}\n;return typeof benchWorkload === 'function' ? benchWorkload : undefined`);
        fn = run(scope).run() || fn;
      },
      call(n) { return fn(n); },
    };
  },
  async quickjs() {
    importScripts('/node_modules/quickjs-emscripten/dist/index.global.js');
    const QuickJS = await self.QJS.getQuickJS();
    const vm = QuickJS.newContext();
    const evaluate = (code) => {
      const result = vm.evalCode(code);
      if (result.error) { const e = vm.dump(result.error); result.error.dispose(); throw new Error(JSON.stringify(e)); }
      const value = vm.dump(result.value);
      result.value.dispose();
      return value;
    };
    return {
      load(source) { evaluate(`${source}\n;globalThis.benchWorkload = typeof benchWorkload === 'function' ? benchWorkload : globalThis.benchWorkload; 0`); },
      call(n) { return evaluate(`benchWorkload(${Number(n)})`); },
    };
  },
};

self.onmessage = async (event) => {
  const m = event.data;
  try {
    if (m.type === 'init') { runtime = await runtimes[m.runtime](); postMessage({ ok: true }); return; }
    if (m.type === 'load') { runtime.load(m.source); postMessage({ ok: true }); return; }
    if (m.type === 'call') { postMessage({ ok: true, value: runtime.call(m.n) }); return; }
  } catch (error) {
    postMessage({ ok: false, error: String(error && error.message || error).slice(0, 500) });
  }
};
