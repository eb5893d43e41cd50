// Posts forged inits (with every key shape it can think of and a port of its own) and forged
// commands to every frame it can reach, again and again, and records any answer on its ports.
const keys = ['', '0'.repeat(32), `${'0'.repeat(32)}.${'0'.repeat(32)}`, 'x'.repeat(65), null, undefined, 1, {}];
let round = 0;
const hit = () => {
  round++;
  for (let i = 0; i < window.frames.length; i++) {
    const w = window.frames[i];
    for (const key of keys) {
      const c = new MessageChannel();
      c.port1.onmessage = (e) => __seen.got('a frame answered a forged init', JSON.stringify(e.data).slice(0, 500));
      try { w.postMessage({ key, nonce: key }, '*', [c.port2]); } catch (e) { __seen.note(`post: ${e.name}`); }
    }
    for (const m of [{ type: 'create' }, { type: 'run', id: 1, source: 'paranoid.postMessage("forged")' }, { type: 'kill', reason: 'forged' }, { type: 'report', id: 2, names: ['secret'] }]) {
      try { w.postMessage(m, '*'); } catch { /* ignored */ }
    }
  }
  if (round < 300) setTimeout(hit, 10);
};
hit();
