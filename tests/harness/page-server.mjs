// A local web server for end-to-end tests of pages: each test registers the paths it needs;
// every request is logged with its headers, so a test can prove what the page (or the
// extension) asked for and what it did not.

import http from 'node:http';
import assert from 'node:assert/strict';

/**
 * @returns {Promise<{ origin: string, hits: { path: string, headers: object }[],
 *   serve: (path: string, type: string, body: string | Buffer, headers?: object) => void,
 *   handle: (path: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) => void,
 *   close: () => void }>}
 */
export async function startPageServer() {
  const routes = new Map();
  const hits = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    hits.push({ path, url: req.url, headers: req.headers });
    const route = routes.get(path);
    if (!route) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
    if (typeof route === 'function') { route(req, res); return; }
    res.writeHead(200, { 'content-type': route.type, ...route.headers });
    res.end(route.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    hits,
    serve: (path, type, body, headers = {}) => routes.set(path, { type, body, headers }),
    handle: (path, handler) => routes.set(path, handler),
    close: () => { server.closeAllConnections?.(); server.close(); },
  };
}

/** A page whose own script logs every Paranoid event dispatched on its tags to `window.paranoidLog`. */
export function loggingPage(body) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>paranoid e2e</title><script>
window.paranoidLog = [];
for (const type of ['paranoid-message', 'paranoid-ran', 'paranoid-error', 'paranoid-rejected', 'paranoid-killed']) {
  // A long text is logged as its length: the log travels back through WebDriver.
  document.addEventListener(type, (e) => window.paranoidLog.push({ type, name: e.target.dataset.name || e.target.id || e.target.getAttribute('src') || '?',
    detail: typeof e.detail === 'string' && e.detail.length > 10000 ? { length: e.detail.length } : e.detail }));
}
</script></head><body>${body}</body></html>`;
}

/** Polls the logging page's event log until `ready(log)` holds; returns the log. */
export async function logUntil(driver, ready, ms = 20000) {
  const deadline = Date.now() + ms;
  let log = [];
  while (Date.now() < deadline) {
    log = await driver.executeScript('return window.paranoidLog || []');
    if (ready(log)) return log;
    await new Promise((r) => setTimeout(r, 100));
  }
  const text = JSON.stringify(log);
  assert.fail(`timed out; the page saw (${log.length} events): ${text.length > 4000 ? `${text.slice(0, 2000)} … ${text.slice(-2000)}` : text}`);
}

/** The logged events of the tag named `name` (of one `type`, if given). */
export const eventsOf = (log, name, type) => log.filter((e) => e.name === name && (type === undefined || e.type === type));

/**
 * A handler that answers with `bytes` of JavaScript comments, chunked (no Content-Length): a
 * body only a streaming count can stop.
 */
export function chunkedBody(bytes = 5 * 1024 * 1024) {
  return (req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    const chunk = `// ${'x'.repeat(65530)}\n`;
    let sent = 0;
    const push = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!res.write(chunk)) { res.once('drain', push); return; }
      }
      res.end();
    };
    res.on('error', () => {});
    push();
  };
}
