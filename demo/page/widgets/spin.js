// Sandboxed: spins forever. The watchdog kills it after its CPU budget; the page never stalls,
// since the loop runs in the sandbox's own worker.
paranoid.postMessage({ spinning: true });
for (;;) { /* forever */ }
