'use strict';
// Test builds only (never shipped): the measurements `cargo xtask bench` takes where the host
// really is, in the content script: sandbox start-up, the round trip of a message, transpile
// time in the worker, `Function` calls, workloads in a held sandbox, many sandboxes at once. The bench page asks with
// a `paranoid-test:run` event whose request has a `bench` field (see test-hook.js).

/* global openSandbox */
/* exported paranoidTestBench */

const paranoidBenchScriptStart = performance.now();

// `?paranoid-bench=cold`: the first sandbox starts as soon as the content script does; the time
// from the content script's start to the first result lands on <html data-paranoid-cold-ms>.
if (/[?&]paranoid-bench=cold\b/.test(location.search)) {
  openSandbox().then((s) => s.run('var __result = 1;', 'cold.js').then((r) => {
    document.documentElement.dataset.paranoidColdMs = r.status === 'ok' ? String(performance.now() - paranoidBenchScriptStart) : `failed: ${r.status}`;
    document.documentElement.dataset.paranoidScriptStartMs = String(paranoidBenchScriptStart);
    s.kill('measured');
  }), (error) => { document.documentElement.dataset.paranoidColdMs = `failed: ${error.message}`; });
}

const paranoidBenchHeld = [];
const paranoidBenchWorkloads = new Map();
let paranoidBenchWorkloadIds = 0;

/** @param {object} b the request's `bench` field */
async function paranoidTestBench(b) {
  const time = async (f) => { const t = performance.now(); const r = await f(); return [performance.now() - t, r]; };
  switch (b.what) {
    case 'start': {
      // Sandboxes opened one after another on a page that already has used one (a first,
      // untimed, makes it so), each after a pause long enough for the host's spare to be ready
      // (sandbox-host.js): open, a trivial script, its result. The kill that follows each is not
      // timed (removing a frame took 0.5-3 ms of the page's thread in Chromium).
      const ms = [];
      for (let i = 0; i <= b.count; i++) {
        await new Promise((resolve) => setTimeout(resolve, b.pauseMs));
        let s = null;
        const [t, r] = await time(async () => { s = await openSandbox(); return s.run('var __result = 1;', 'start.js'); });
        s.kill('measured');
        if (r.status !== 'ok') throw new Error(`a trivial script ended ${r.status}`);
        if (i > 0) ms.push(t);
      }
      return { ms };
    }
    case 'rtt': {
      let pending = null;
      const s = await openSandbox({ capabilities: { messages: true }, cpuMs: 1000, onMessage: (d) => { const p = pending; pending = null; if (p) p(d); } });
      try {
        const r = await s.run('paranoid.onMessage((d) => paranoid.postMessage(d));', 'echo.js');
        if (r.status !== 'ok') throw new Error(`the echo script ended ${r.status}`);
        const roundTrip = (data) => new Promise((resolve) => { pending = resolve; s.post(data); });
        for (let i = 0; i < 20; i++) await roundTrip(i);
        const ms = [];
        for (let i = 0; i < b.calls; i++) { const [t] = await time(() => roundTrip(i)); ms.push(t); }
        // Firefox's clock in a content script ticks in whole ms: a round trip reads 0 or 1. The
        // mean of a batch of back-to-back round trips has the resolution the figure needs.
        const batchMs = [];
        for (let i = 0; i < b.calls; i += b.batch) {
          const [t] = await time(async () => { for (let k = 0; k < b.batch; k++) await roundTrip(k); });
          batchMs.push(t / b.batch);
        }
        const throughput = {};
        for (const bytes of b.payloads) {
          const payload = 'x'.repeat(bytes);
          const [t] = await time(async () => { for (let i = 0; i < b.payloadCalls; i++) await roundTrip(payload); });
          throughput[bytes] = { calls: b.payloadCalls, ms: t };
        }
        return { ms, batch_ms: batchMs, throughput };
      } finally { s.kill('measured'); }
    }
    case 'transpile': {
      // `ms`: the first transpile in a fresh sandbox (the core's code paths run for the first
      // time); `steady_ms`: the same text again in that sandbox, once the engine has compiled
      // them. Each run is a fresh sandbox's: what the file's top level does must not matter.
      const out = {};
      for (const file of b.files) {
        const ms = [];
        const steady = [];
        for (let i = 0; i < b.repeat; i++) {
          let compiled = null;
          const s = await openSandbox({ cpuMs: 60000, onEvent: (e) => { if (e.type === 'compiled') compiled = e.ms; } });
          try {
            for (let k = 0; k <= b.again; k++) {
              compiled = null;
              const r = await s.run(file.source, file.name);
              if (r.status === 'rejected' || compiled === null) throw new Error(`${file.name} did not transpile: ${r.status}`);
              (k === 0 ? ms : steady).push(compiled);
            }
          } finally { s.kill('measured'); }
        }
        out[file.name] = { bytes: new TextEncoder().encode(file.source).length, ms, steady_ms: steady };
      }
      return out;
    }
    case 'host': {
      // The page's main thread while `count` sandboxes start at once and each runs a script
      // and a loop: a MessageChannel tick loop on this thread measures the longest gap between
      // two of its ticks (no task of anyone's, ours included, ran longer), and an animation
      // frame loop the longest gap between frames.
      const channel = new MessageChannel();
      let ticking = true;
      let lastTick = performance.now();
      let longestTask = 0;
      channel.port1.onmessage = () => {
        const now = performance.now();
        longestTask = Math.max(longestTask, now - lastTick);
        lastTick = now;
        if (ticking) channel.port2.postMessage(0);
      };
      channel.port2.postMessage(0);
      let lastFrame = null;
      let longestFrameGap = 0;
      const frame = (now) => {
        if (lastFrame !== null) longestFrameGap = Math.max(longestFrameGap, now - lastFrame);
        lastFrame = now;
        if (ticking) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      await new Promise((resolve) => setTimeout(resolve, 200));
      longestTask = 0;
      longestFrameGap = 0;
      const [t, results] = await time(() => Promise.all(Array.from({ length: b.count }, async () => {
        const s = await openSandbox();
        try {
          const r = await s.run('var __n = 0; for (var i = 0; i < 100000; i++) __n += i % 7;', 'host.js');
          return r.status === 'ok' ? 'ok' : `${r.status}: ${r.reason || JSON.stringify(r.error)}`;
        } finally { s.kill('measured'); }
      })));
      ticking = false;
      channel.port1.close();
      return { ms: t, longest_task_ms: longestTask, longest_frame_gap_ms: longestFrameGap, failures: results.filter((r) => r !== 'ok') };
    }
    case 'function': {
      // The cost of one `Function` call inside a sandbox, taken by the host: a run of `calls`
      // calls, less a run of the same loop making a plain closure instead, each pair back to
      // back in one sandbox, `repeat` times. Fresh: a text never compiled before in each call;
      // cached: one text, compiled once before the first pair.
      const s = await openSandbox({ cpuMs: 600000 });
      try {
        const run = async (body, calls, name) => {
          const [t, r] = await time(() => s.run(`var __f = 0; for (var i = 0; i < ${calls}; i++) { ${body} }`, name));
          if (r.status !== 'ok') throw new Error(`${name} ended ${r.status}: ${JSON.stringify(r.error || r.reason)}`);
          return t;
        };
        const perCall = async (body, calls, name) => {
          const base = await run('__f += (function (a) { return a + i; })(1);', calls, 'base.js');
          return (await run(body, calls, name) - base) / calls;
        };
        await run('__f += Function("a", "return a + 1")(1);', 1, 'warm-up.js');
        const fresh = [];
        const cached = [];
        for (let k = 0; k < b.repeat; k++) {
          fresh.push(await perCall(`__f += Function("a", "return a + " + (i + ${(k + 1) * 1e6}))(1);`, b.calls, 'fresh.js'));
          cached.push(await perCall('__f += Function("a", "return a + 1")(1);', b.cachedCalls, 'cached.js'));
        }
        return { fresh_ms: fresh, cached_ms: cached };
      } finally { s.kill('measured'); }
    }
    case 'workload-open': {
      // A sandbox held for calls paired with native ones (bench.js, runPaired): loaded and given
      // the same warm-up call as the other runtimes get here, then called one at a time.
      const s = await openSandbox({ cpuMs: 600000 });
      try {
        for (const file of b.files) {
          const r = await s.run(file.source, file.name);
          if (r.status !== 'ok') throw new Error(`${file.name}: ${r.status} ${JSON.stringify(r.error || r.diagnostics || r.reason)}`);
        }
        const warm = await s.run(`var __bench = benchWorkload(${Math.max(1, Math.floor(Number(b.n) / 8))});`, 'warm-up.js');
        if (warm.status !== 'ok') throw new Error(`the workload ended ${warm.status}: ${JSON.stringify(warm.error || warm.reason)}`);
      } catch (error) { s.kill('measured'); throw error; }
      paranoidBenchWorkloads.set(++paranoidBenchWorkloadIds, s);
      return { handle: paranoidBenchWorkloadIds };
    }
    case 'workload-call': {
      const s = paranoidBenchWorkloads.get(b.handle);
      if (!s) throw new Error(`no workload sandbox ${b.handle}`);
      const [t, r] = await time(() => s.run(`var __bench = benchWorkload(${Number(b.n)});`, 'call.js'));
      if (r.status !== 'ok') throw new Error(`the workload ended ${r.status}: ${JSON.stringify(r.error || r.reason)}`);
      return { ms: t };
    }
    case 'workload-close': {
      const s = paranoidBenchWorkloads.get(b.handle);
      paranoidBenchWorkloads.delete(b.handle);
      if (!s) return {};
      try {
        const report = await s.report(['__bench']);
        return { checksum: JSON.parse(report.values.__bench) };
      } finally { s.kill('measured'); }
    }
    case 'scale-open': {
      const [t, results] = await time(() => Promise.all(Array.from({ length: b.count }, async () => {
        try {
          const s = await openSandbox();
          paranoidBenchHeld.push(s);
          const r = await s.run('var __result = 1;', 'scale.js');
          return r.status === 'ok' ? 'ok' : `${r.status}: ${r.reason || JSON.stringify(r.error)}`;
        } catch (error) { return `failed: ${error.message}`; }
      })));
      return { ms: t, failures: results.filter((r) => r !== 'ok') };
    }
    case 'scale-close': {
      for (const s of paranoidBenchHeld.splice(0)) if (s.death === null) s.kill('measured');
      return {};
    }
    default: throw new Error(`unknown bench measurement ${b.what}`);
  }
}
