// Why a layer alone does not stop a probe: the line per gap of target/security/layers.md.
// A probe's own `// note:` wins when it names the layer ("not 3 alone: ..."); otherwise the
// reason is the category's, below: what that layer does not do by design, and which layer does.

// Layers 2 and 3 alike: neither kills anything.
const NO_WATCHDOG = 'the CPU watchdog is layer 1 (the frame): with it off nothing kills a busy worker. The host stays responsive because the worker is its own thread.';

const BY_LAYER = {
  1: {
    'denial-of-service': 'layer 1 counts the turns the kernel reports; with layers 2 and 3 off, work in tasks the kernel never sees is caught only when one is long enough for the heartbeat.',
    'dynamic-import': 'layer 1 does not vet code: its CSP lets the worker load blob: (and in Firefox data:) scripts, as the kernel needs, so the imported code runs, in the same worker without network, page or extension access. Layer 3 refuses `import()`; layer 2 finds nothing to import with.',
    network: 'layer 1 does not govern messages: `postMessage` and `BroadcastChannel` are not network requests under CSP. What they reach has no power: the frame drops every message without the per-boot token, and a channel of the opaque origin reaches no other context. Layer 2 deletes them.',
    'newer-syntax': 'layer 1 does not vet syntax: the engine runs the construct in the worker, which has no network, page or extension access. Layer 3 refuses constructs outside the allowlist.',
    'parser-differential': 'layer 1 does not parse: with layer 3 off there is no transpiler to disagree with, and the probe reaches the real global it aims at, which in the worker has no network, page or extension access.',
    'real-global': 'layer 1 does not hide the worker\'s global: it makes it powerless (no network by CSP, an opaque origin, no page or extension access). Layer 2 empties it; layer 3 never names it.',
    'kernel-pollution': 'capturing built-ins before untrusted code runs is the kernel\'s, which layers 2 and 3 set up; with both off the probe runs beside the worker\'s real timers and its checks end after the report is read, so nothing is checked.',
    timing: 'layer 1 does not replace the worker\'s clocks: virtual time is the kernel\'s, set up with layers 2 and 3 (stand-ins for Date, Intl and the timers; performance and shared memory deleted).',
  },
  2: {
    'denial-of-service': NO_WATCHDOG,
    'dynamic-import': '`import()` is syntax, not a global, so there is nothing for layer 2 to delete; layer 3 refuses it and layer 1\'s CSP limits where it may load from.',
    'kernel-pollution': 'with layer 3 off the probe sees the scrubbed real global, without the stand-in scope (no Reflect, console or timers), so it cannot set its traps: nothing is checked. With layer 3 on, the same kernel is checked (all layers, and layer 3 alone).',
  },
  3: {
    'denial-of-service': NO_WATCHDOG,
    'function-constructor': 'layer 3 rewrites free names, not property reads: a constructor reached through a prototype (`(async function () {}).constructor`) is the engine\'s unless layer 2 has replaced it with its stand-in.',
    'real-global': 'layer 3 rewrites free names, not property reads: `({}).constructor.constructor` is the engine\'s `Function` unless layer 2 has replaced it with its stand-in.',
    'host-api': 'with layer 2 off, the host API\'s prototype chain leads to the realm\'s unscrubbed built-ins (the real `Function` among them); layer 3 does not rewrite property reads.',
    'kernel-pollution': 'with layer 2 off the probe reaches built-ins that layer 2 deletes; the kernel captured them first all the same.',
  },
};

/**
 * @param {{ name: string, category: string, note?: string }} probe
 * @param {1|2|3} layer
 * @returns {string}
 */
export function gapReason(probe, layer) {
  const note = probe.note || '';
  if (new RegExp(`\\b(not|no layer)\\b[^.]*\\b${layer}\\b`).test(note) || /^no layer alone/.test(note)) return note;
  const reason = BY_LAYER[layer][probe.category];
  return reason || `no reason recorded for layer ${layer} alone in the ${probe.category} category: a gap to look at.`;
}
