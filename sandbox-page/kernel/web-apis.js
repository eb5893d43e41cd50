'use strict';
// Threat: the web platform's pure APIs are what ordinary libraries reach for first (URLs,
// random numbers, a timer for frames, `performance.now()`), and the worker's real ones each
// carry something the sandbox must not give: `URL.createObjectURL` makes a `blob:` URL, which
// the worker's CSP lets `importScripts` load; `crypto.subtle` settles its promises when the
// real work is done (a clock); `performance.now()` reads real time. Defence: stand-ins built
// here at boot, before the scrub, from what the kernel captured or reads once:
// 1. `URL`: the realm's constructor, its object-URL statics deleted (the loader keeps its own
//    captured copies). No Blob exists in the sandbox either.
// 2. `crypto`: `getRandomValues` (the real method on the real object, captured here) and
//    `randomUUID` made from it; a CSPRNG's output tells nothing of time or of the host.
// 3. `performance`: `now()` and `timeOrigin` on the virtual clock (what `Date.now()` reads),
//    so they stand still during synchronous code as it does.
// 4. `requestAnimationFrame`: a virtual timer of one frame (16 ms), its callback given the
//    virtual `performance.now()`; `cancelAnimationFrame` clears it.
// 5. `atob`, `btoa`, `structuredClone`: pure, but HTML's operations check their receiver;
//    each calls the real one on the worker's global, whatever it is called on.
// 6. `navigator`: the worker's own strings that say which browser and language this is
//    (`userAgent`, `language`, `languages`, `platform`, …), read once here, frozen, on an object
//    of no prototype; nothing that acts or tells time (`sendBeacon`, `onLine`, `storage`, …).
//    `clipboard` is there for feature tests, and each of its calls is a promise rejected with
//    a `NotAllowedError` that says why, as a browser's is when permission is refused.
// The pure constructors (TextEncoder, TextDecoder, URLSearchParams) are `copied` rows of the
// policy's globals table and need nothing here.
// Spec: WHATWG URL §6.1 (object URLs in the File API), W3C Web Crypto §10, W3C High Resolution
// Time §5, HTML §8.10 (animation frames).

/**
 * @param {any} c captured commons
 * @param {{ now: () => number, standIns: { setTimeout: Function, clearTimeout: Function } }} clock
 * @param {number} frameMs the virtual length of one animation frame
 */
function makeWebApis(c, clock, frameMs) {
  const g = c.global;
  const URL = g.URL;
  if (!c.isObject(URL)) throw c.construct(c.Error, ['kernel: this worker lacks URL']);
  c.deleteProperty(URL, 'createObjectURL');
  c.deleteProperty(URL, 'revokeObjectURL');
  if ('createObjectURL' in URL || 'revokeObjectURL' in URL) throw c.construct(c.Error, ['kernel: URL keeps its object-URL statics']);

  const realCrypto = g.crypto;
  const cryptoProto = c.isObject(realCrypto) ? c.getPrototypeOf(realCrypto) : undefined;
  const realGetRandomValues = cryptoProto === undefined ? undefined : c.get(cryptoProto, 'getRandomValues', realCrypto);
  if (typeof realGetRandomValues !== 'function') throw c.construct(c.Error, ['kernel: this worker lacks crypto.getRandomValues']);
  const random = (array) => c.apply(realGetRandomValues, realCrypto, [array]);
  // The worker is no secure context (its frame's origin is opaque), so it has no randomUUID of
  // its own: a version 4 UUID is 122 random bits in a fixed layout (RFC 9562 §5.4).
  // Index reads of a string primitive are its own characters: nothing to pollute.
  const digits = '0123456789abcdef';
  const hex = (b) => digits[b >> 4] + digits[b & 15];
  const crypto = c.freeze({
    __proto__: null,
    getRandomValues: {
      getRandomValues(array) { return random(array); },
    }.getRandomValues,
    randomUUID: {
      randomUUID() {
        const b = random(c.construct(c.Uint8Array, [16]));
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        let out = '';
        for (let i = 0; i < 16; i++) out += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + hex(b[i]);
        return out;
      },
    }.randomUUID,
  });

  // HTML's operations on the global, which check their receiver: called on the worker's global
  // (as a browser does for `atob(x)`), so that `window.atob(x)` works on the stand-in global.
  const onGlobal = (name) => {
    const real = c.get(g, name);
    if (typeof real !== 'function') throw c.construct(c.Error, [`kernel: this worker lacks ${name}`]);
    return real;
  };
  const realAtob = onGlobal('atob');
  const realBtoa = onGlobal('btoa');
  const realStructuredClone = onGlobal('structuredClone');
  const atob = { atob(data) { return c.apply(realAtob, g, [data]); } }.atob;
  const btoa = { btoa(data) { return c.apply(realBtoa, g, [data]); } }.btoa;
  const structuredClone = {
    structuredClone(value) { return c.apply(realStructuredClone, g, arguments.length > 1 ? [value, arguments[1]] : [value]); },
  }.structuredClone;

  // The sandbox's time origin: the virtual time it started at.
  const timeOrigin = clock.now();
  const now = () => clock.now() - timeOrigin;
  const performance = c.freeze({
    __proto__: null,
    now: { now() { return now(); } }.now,
    timeOrigin,
    toJSON: { toJSON() { return { __proto__: null, timeOrigin }; } }.toJSON,
  });

  const setTimer = clock.standIns.setTimeout;
  const clearTimer = clock.standIns.clearTimeout;
  const requestAnimationFrame = {
    requestAnimationFrame(callback) {
      if (typeof callback !== 'function') throw c.construct(c.TypeError, ['requestAnimationFrame: the callback is not a function']);
      return setTimer(() => { c.apply(callback, undefined, [now()]); }, frameMs);
    },
  }.requestAnimationFrame;
  const cancelAnimationFrame = { cancelAnimationFrame(id) { clearTimer(id); } }.cancelAnimationFrame;

  // What the worker's navigator says of the browser, as strings read now (a getter's later
  // answer could differ; these never change within a page).
  const realNavigator = c.get(g, 'navigator');
  if (!c.isObject(realNavigator)) throw c.construct(c.Error, ['kernel: this worker lacks navigator']);
  const text = (name) => {
    const value = c.get(realNavigator, name);
    return typeof value === 'string' ? value : '';
  };
  const realLanguages = c.get(realNavigator, 'languages');
  const languages = [];
  for (let i = 0; c.isObject(realLanguages) && i < realLanguages.length; i++) {
    if (typeof realLanguages[i] === 'string') c.defineProperty(languages, i, { __proto__: null, value: realLanguages[i], writable: true, enumerable: true, configurable: true });
  }
  const DOMException = c.get(g, 'DOMException');
  if (typeof DOMException !== 'function') throw c.construct(c.Error, ['kernel: this worker lacks DOMException']);
  const refused = () => c.construct(c.Promise, [(_resolve, reject) => {
    reject(c.construct(DOMException, ['navigator.clipboard is not available in the sandbox (a userscript has GM_setClipboard)', 'NotAllowedError']));
  }]);
  const clipboard = c.freeze({
    __proto__: null,
    writeText: { writeText() { return refused(); } }.writeText,
    readText: { readText() { return refused(); } }.readText,
    write: { write() { return refused(); } }.write,
    read: { read() { return refused(); } }.read,
  });
  const navigator = c.create(null);
  const STRINGS = ['userAgent', 'vendor', 'appVersion', 'appName', 'appCodeName', 'product', 'platform', 'language'];
  for (let i = 0; i < STRINGS.length; i++) c.defineProperty(navigator, STRINGS[i], { __proto__: null, value: text(STRINGS[i]), enumerable: true });
  c.defineProperty(navigator, 'languages', { __proto__: null, value: c.freeze(languages), enumerable: true });
  c.defineProperty(navigator, 'clipboard', { __proto__: null, value: clipboard, enumerable: true });
  c.defineProperty(navigator, 'toString', { __proto__: null, value: { toString() { return '[object Navigator]'; } }.toString });
  c.freeze(navigator);

  return c.freeze({
    __proto__: null,
    now,
    standIns: c.freeze({
      __proto__: null, URL, crypto, performance, requestAnimationFrame, cancelAnimationFrame, atob, btoa, structuredClone, navigator,
    }),
  });
}
