// Listens, capturing and first, to every message event the page's window sees and replays each
// one (with a fresh port of its own) to every frame and to the window itself: nonce replay.
const replayed = new WeakSet();
addEventListener('message', (e) => {
  if (!e.isTrusted || (e.data && e.data.__attacker)) return; // its own forgeries, below
  if (e.data !== undefined) __seen.got('a message reached the page window', JSON.stringify(e.data).slice(0, 500));
  for (const p of e.ports) __seen.got('a port reached the page window', 'port');
  if (replayed.has(e)) return;
  replayed.add(e);
  for (let i = 0; i < window.frames.length; i++) {
    const c = new MessageChannel();
    c.port1.onmessage = (m) => __seen.got('a frame answered a replayed message', JSON.stringify(m.data).slice(0, 500));
    try { window.frames[i].postMessage(e.data, '*', [c.port2]); } catch { /* ignored */ }
  }
}, true);
// Messages a frame might send to `parent`, forged into the window.
for (const type of ['hello', 'ready', 'result', 'quiet']) {
  const c = new MessageChannel();
  window.postMessage({ __attacker: true, type, key: '0'.repeat(32) }, '*', [c.port2]);
  window.dispatchEvent(new MessageEvent('message', { data: { type, key: '0'.repeat(32) }, ports: [c.port1] }));
}
