'use strict';
// Test only, served by the harness to its own page: layer 1 switched off. The same kernel and
// worker driver as the extension's frame, but the worker is started by the web page itself (its
// origin, no CSP, no opaque frame) and no watchdog runs, so that the escape corpus shows what
// layers 2 and 3 stop on their own. Never part of the extension.

/* global paranoidWorkerDriver, paranoidSandboxHandle, paranoidKernel, paranoidPolicy */
/* exported openUnisolated */

let unisolatedWasm = null;

/** Opens a sandbox whose worker runs in this page, without the frame or its watchdog. */
async function openUnisolated(options = {}) {
  if (unisolatedWasm === null) unisolatedWasm = await (await fetch('/ext/core/paranoid_core.wasm')).blob();
  let driver = null;
  const sandbox = paranoidSandboxHandle((m) => driver.fromHost(m), options, () => { driver.kill('the run is over'); });
  driver = paranoidWorkerDriver({ kernel: paranoidKernel, policy: paranoidPolicy(), send: (m) => sandbox.deliver(m), watchdog: false });
  driver.fromHost({ type: 'create', wasm: unisolatedWasm, options: { layers: options.layers } });
  await sandbox.ready;
  sandbox.configure(options);
  return sandbox.handle;
}
