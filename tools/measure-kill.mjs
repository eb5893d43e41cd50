// Measures how fast a kill stops the CPU: runs `while (true) {}` in a sandbox of the real
// extension, and samples the CPU time of the browser's processes (Linux /proc) in the 100 ms
// windows after the watchdog's kill. A measurement, not a test: prints one line per browser.
//
// usage: node tools/measure-kill.mjs [chromium|firefox]...   (after `cargo xtask extension`)

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, request, startServer } from '../tests/harness/sandbox-run.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds used so far by every process whose command line names `binary`. */
function cpuMs(binary) {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(binary)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch { /* the process ended */ }
  }
  return ticks * TICK_MS;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

for (const browser of process.argv.slice(2).length ? process.argv.slice(2) : ['chromium', 'firefox']) {
  const ext = path.join(ROOT, 'target', 'extension-test', browser === 'chromium' ? 'chrome' : 'firefox');
  const binary = browser === 'chromium' ? '/usr/lib/chromium/chromium' : 'firefox-esr';
  const { server, origin } = await startServer(ext);
  const driver = await launch(browser, ext);
  try {
    await openPage(driver, origin);
    const files = [{ name: 'spin.js', source: 'while (true) {}' }];
    // The browser's own CPU with an idle sandbox open and closed, for comparison.
    // Each new frame compiles the core again, and the engines optimise it in background threads
    // for a second or more: the figures below include that for the spinning sandbox's own frame.
    await request(driver, { id: 0, files: [{ name: 'idle.js', source: '1' }], shared: true, cpuMs: 100, waitMs: 5000, reports: [] }, 60000);
    await sleep(4000);
    const idle = [];
    let mark = cpuMs(binary);
    for (let i = 0; i < 6; i++) {
      await sleep(100);
      const now = cpuMs(binary);
      idle.push(Math.round(((now - mark) / 100) * 100));
      mark = now;
    }
    const before = cpuMs(binary);
    const t0 = Date.now();
    const [r] = await request(driver, { id: 1, files, shared: true, cpuMs: 100, waitMs: 5000, reports: [] }, 60000);
    const killedAfter = Date.now() - t0;
    const windows = [];
    let last = cpuMs(binary);
    for (let i = 0; i < 30; i++) {
      await sleep(100);
      const now = cpuMs(binary);
      windows.push(Math.round(((now - last) / 100) * 100));
      last = now;
    }
    console.log(`${browser}: status ${r.status} (${r.reason}) ${killedAfter} ms after the run began (${Math.round((last - before) / 10) * 10} ms CPU in all); ` +
      `browser CPU in the 100 ms windows after: ${windows.map((w) => `${w}%`).join(' ')}; after an idle run: ${idle.map((w) => `${w}%`).join(' ')} (100% = one core)`);
  } finally {
    await driver.quit().catch(() => {});
    server.close();
  }
}
