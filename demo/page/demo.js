'use strict';
// The demo page's own script (trusted, not sandboxed): it listens to the events Paranoid
// dispatches on each sandboxed script's tag and shows what happened. `data-state` and the
// outcome text on each card are also what `cargo xtask demo` prints.

const cards = [...document.querySelectorAll('.card')];
const tag = (card) => card.querySelector('script[type="text/x-paranoid"]');
const show = (card, state, text) => {
  card.dataset.state = state;
  card.querySelector('[data-outcome]').textContent = text;
  checkDone();
};
let heardFromExtension = false;
const heard = () => {
  if (heardFromExtension) return;
  heardFromExtension = true;
  document.getElementById('extension-state').textContent = 'The Paranoid extension is running these scripts.';
};
for (const card of cards) {
  const element = tag(card);
  for (const type of ['paranoid-message', 'paranoid-ran', 'paranoid-error', 'paranoid-rejected', 'paranoid-killed']) element.addEventListener(type, heard);
  element.addEventListener('paranoid-error', (e) => show(card, card.dataset.expect === 'stopped' ? 'stopped' : 'error', `stopped: ${e.detail.name}: ${e.detail.message}${e.detail.line ? ` (line ${e.detail.line})` : ''}`));
  element.addEventListener('paranoid-rejected', (e) => {
    const d = e.detail.diagnostics[0];
    show(card, 'rejected', `rejected before running: line ${d.line}, column ${d.column}: ${d.message}`);
  });
  element.addEventListener('paranoid-killed', (e) => show(card, 'killed', `killed: ${e.detail.reason}`));
}

// Computation: ask once the script says it is ready.
const primes = document.getElementById('primes');
tag(primes).addEventListener('paranoid-message', (e) => {
  if (e.detail.ready) tag(primes).dispatchEvent(new CustomEvent('paranoid-post', { detail: { limit: 1000000 } }));
  else if (typeof e.detail.primes === 'number') show(primes, 'ok', `${e.detail.primes.toLocaleString('en')} primes below ${e.detail.limit.toLocaleString('en')}, computed in the sandbox`);
  else if (e.detail.error) show(primes, 'error', e.detail.error);
});

// The exfiltration attempt must never say it sent anything.
const exfiltrate = document.getElementById('exfiltrate');
tag(exfiltrate).addEventListener('paranoid-message', () => show(exfiltrate, 'error', 'the script claims it sent data: this must not happen'));

// Clock: the sandbox's virtual time next to the page's real time.
const clock = document.getElementById('clock');
let ticks = 0;
tag(clock).addEventListener('paranoid-message', (e) => {
  ticks++;
  const real = new Date().toISOString().slice(11, 23);
  show(clock, ticks >= 2 ? 'ok' : 'running', `sandbox time ${e.detail.now.slice(11, 23)} · page time ${real} · ${ticks} ticks`);
});

// The page's pulse: frames keep coming while a sandbox spins.
let pulses = 0;
let last = performance.now();
let longest = 0;
const pulse = () => {
  const t = performance.now();
  longest = Math.max(longest, t - last);
  last = t;
  pulses++;
  document.getElementById('pulse').textContent = String(pulses);
  document.getElementById('gap').textContent = longest.toFixed(0);
  document.body.dataset.longestGapMs = longest.toFixed(0);
};
setInterval(pulse, 16);

function checkDone() {
  const final = { result: 'ok', stopped: 'stopped', killed: 'killed', rejected: 'rejected', clock: 'ok' };
  if (cards.every((card) => card.dataset.state === final[card.dataset.expect])) document.body.dataset.demo = 'done';
}
setTimeout(() => {
  if (!heardFromExtension) document.getElementById('extension-state').textContent = 'No Paranoid extension here: none of these scripts ran (as intended without it).';
}, 5000);
