'use strict';
// The bench page: runs each workload in a plain worker (native) and in each peer's worker, and
// asks the content script (test builds: test-build/content/test-bench.js) for the Paranoid
// figures. Every time is taken by the host around a call, never inside a sandbox (whose clock
// is fake).

/** One request to the test build's content script; resolves with its answer. */
let benchRequestId = 1;
function paranoidBench(bench) {
  const id = benchRequestId++;
  return new Promise((resolve, reject) => {
    const listener = (e) => {
      const answer = JSON.parse(e.detail);
      if (answer.id !== id) return;
      document.removeEventListener('paranoid-test:result', listener);
      if (answer.error) reject(new Error(answer.error)); else resolve(answer.results);
    };
    document.addEventListener('paranoid-test:result', listener);
    document.dispatchEvent(new CustomEvent('paranoid-test:run', { detail: JSON.stringify({ id, bench }) }));
  });
}

/** A worker running `runtime`, with a promise per message. */
async function peerWorker(runtime) {
  const worker = new Worker('peer-worker.js');
  const ask = (message) => new Promise((resolve, reject) => {
    worker.onmessage = (e) => (e.data.ok ? resolve(e.data) : reject(new Error(e.data.error)));
    worker.postMessage(message);
  });
  await ask({ type: 'init', runtime });
  return { ask, close: () => worker.terminate() };
}

/**
 * Runs one workload `repeat` times in `runtime` ('paranoid' or a peer); returns the call times
 * and the checksum, or an error text.
 */
async function runWorkload(runtime, files, n, repeat) {
  try {
    if (runtime === 'paranoid') return await paranoidBench({ what: 'workload', files, n, repeat });
    const w = await peerWorker(runtime);
    try {
      for (const f of files) await w.ask({ type: 'load', source: f.source });
      // Every runtime gets the same warm-up call (an eighth of the work) before the timed ones.
      await w.ask({ type: 'call', n: Math.max(1, Math.floor(n / 8)) });
      const ms = [];
      let checksum = null;
      for (let i = 0; i < repeat; i++) {
        const t = performance.now();
        checksum = (await w.ask({ type: 'call', n })).value;
        ms.push(performance.now() - t);
      }
      return { ms, checksum };
    } finally { w.close(); }
  } catch (error) {
    return { error: String(error.message || error).slice(0, 300) };
  }
}

window.paranoidBenchPage = { paranoidBench, runWorkload };
document.documentElement.dataset.benchPage = 'ready';
