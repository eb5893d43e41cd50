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
 * A worker running `runtime` with the workload's files loaded and given the warm-up call every
 * runtime gets (an eighth of the work) before the timed ones.
 */
async function warmPeer(runtime, files, n) {
  const w = await peerWorker(runtime);
  try {
    for (const f of files) await w.ask({ type: 'load', source: f.source });
    await w.ask({ type: 'call', n: Math.max(1, Math.floor(n / 8)) });
  } catch (error) { w.close(); throw error; }
  return w;
}

/**
 * Runs one workload `repeat` times in a peer's `runtime` (Paranoid runs in pairs: runPaired);
 * returns the call times and the checksum, or an error text.
 */
async function runWorkload(runtime, files, n, repeat) {
  try {
    const w = await warmPeer(runtime, files, n);
    try {
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

/**
 * One workload in a native worker and in a Paranoid sandbox, called in pairs (the order
 * alternating) after the same warm-up call: a slow stretch of the machine weighs on both sides
 * of a pair alike, so each pair's ratio is a sample of the overhead.
 */
async function runPaired(files, n, pairs) {
  let w = null;
  let handle = null;
  try {
    w = await warmPeer('native', files, n);
    handle = (await paranoidBench({ what: 'workload-open', files, n })).handle;
    const native = [];
    const paranoid = [];
    let checksum = null;
    const nativeCall = async () => {
      const t = performance.now();
      checksum = (await w.ask({ type: 'call', n })).value;
      native.push(performance.now() - t);
    };
    const paranoidCall = async () => { paranoid.push((await paranoidBench({ what: 'workload-call', handle, n })).ms); };
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) { await nativeCall(); await paranoidCall(); } else { await paranoidCall(); await nativeCall(); }
    }
    const closing = handle;
    handle = null;
    const paranoidChecksum = (await paranoidBench({ what: 'workload-close', handle: closing })).checksum;
    return { native_ms: native, paranoid_ms: paranoid, checksum, paranoid_checksum: paranoidChecksum };
  } catch (error) {
    return { error: String(error.message || error).slice(0, 300) };
  } finally {
    if (w) w.close();
    if (handle !== null) paranoidBench({ what: 'workload-close', handle }).catch(() => {});
  }
}

window.paranoidBenchPage = { paranoidBench, runWorkload, runPaired };
document.documentElement.dataset.benchPage = 'ready';
