'use strict';
// Threat: the kernel runs transpiled code (the host's scripts, each `Function` stand-in's output)
// and must load it with nothing untrusted code can replace and no eval. And where scripts load
// from data: URLs, an error's stack names each script by its whole text: a stack would carry a
// script's source, megabytes of it, to the host.
// 1. A script's text becomes a `data:` URL when it is short (`sandbox.dataUrlMaxChars`, the
//    policy's) or blob: URLs do not load, else a `blob:` URL, revoked as soon as it is loaded;
//    either is loaded with the captured `importScripts`. (Measured in Chromium: a blob: URL costs
//    about 1.3 ms to make and 2.4 ms to load whatever its size, a data: URL of a small script
//    0.1-0.3 ms, but a data: URL is slower by the byte: 23 ms against 7 for 1 MiB.) The `Blob` is
//    built from a kernel-made iterator of one string, so that no `Array.prototype[Symbol.iterator]`
//    is consulted for its sequence argument.
// 2. Where the engine refuses blob: scripts (Firefox, in a worker of a moz-extension sandbox
//    frame: SecurityError with or without a CSP), data: URLs for every script. `choose` loads a
//    probe each way at boot and keeps the ways that hand a function over; neither: the boot fails.
// 3. Transpiled function code hands what it makes over through `__paranoid_rt__.functionResult`
//    (`handOver`); `loadFunction` takes it, and fails if nothing came.
// 4. Each data: URL gets a short name (`paranoid:script-N`); `shorten` swaps the newest
//    `sandbox.dataUrlsKept` URLs (the policy's) for their names in a stack, before anything is
//    cut or sent.
// Spec: HTML §10.2 (workers: importScripts), File API §3 (Blob), §8 (blob URLs), RFC 2397
// (data: URLs), WebIDL §3.2 (a sequence argument is read by iteration).

/**
 * @param {any} c captured commons
 * @param {any} g the worker's global (the receiver of `importScripts`)
 * @param {{ sandbox: { dataUrlsKept: number, dataUrlMaxChars: number } }} policy
 */
function makeLoader(c, g, policy) {
  // What the code loaded last handed over (`handOver`).
  let handedOver = null;
  // Which ways load, from the boot's probe (`choose`).
  let blobLoads = false;
  let dataLoads = false;
  const DATA_URL_MAX_CHARS = policy.sandbox.dataUrlMaxChars;
  const viaData = (code) => dataLoads && (!blobLoads || code.length <= DATA_URL_MAX_CHARS);

  // The names of data: URLs, in a ring of the newest DATA_URLS_KEPT (each `Function` call makes
  // one).
  const DATA_URLS_KEPT = policy.sandbox.dataUrlsKept;
  const dataUrls = c.create(null);
  let dataUrlCount = 0;
  const nameDataUrl = (url) => {
    const name = `paranoid:script-${dataUrlCount}`;
    dataUrls[dataUrlCount % DATA_URLS_KEPT] = { __proto__: null, url, name };
    dataUrlCount++;
    return name;
  };
  const shorten = (stack) => {
    let out = stack;
    const oldest = dataUrlCount > DATA_URLS_KEPT ? dataUrlCount - DATA_URLS_KEPT : 0;
    for (let i = dataUrlCount - 1; i >= oldest; i--) {
      const { url, name } = dataUrls[i % DATA_URLS_KEPT];
      for (let at = c.apply(c.stringIndexOf, out, [url]); at >= 0; at = c.apply(c.stringIndexOf, out, [url, at + name.length])) {
        out = `${c.apply(c.stringSlice, out, [0, at])}${name}${c.apply(c.stringSlice, out, [at + url.length])}`;
      }
    }
    return out;
  };

  /** A one-shot iterable of one string that consults no prototype (Blob's sequence<BlobPart>). */
  const onePart = (text) => {
    let done = false;
    const iterator = {
      __proto__: null,
      next() {
        if (done) return { __proto__: null, done: true, value: undefined };
        done = true;
        return { __proto__: null, done: false, value: text };
      },
    };
    return { __proto__: null, [c.symbolIterator]() { return iterator; } };
  };
  const blobUrl = (code) => {
    const blob = c.construct(c.Blob, [onePart(code), { __proto__: null, type: 'text/javascript' }]);
    return c.apply(c.createObjectURL, undefined, [blob]);
  };
  const dataUrl = (code) => `data:text/javascript;charset=utf-8,${c.apply(c.encodeURIComponent, undefined, [code])}`;
  const isBlobUrl = (url) => c.apply(c.stringSlice, url, [0, 5]) === 'blob:';
  const load = (url) => {
    try { c.apply(c.importScripts, g, [url]); } finally { if (isBlobUrl(url)) c.apply(c.revokeObjectURL, undefined, [url]); }
  };
  /** Loads `url` and returns what its code handed over (`handOver`), or null. */
  const loadHandedOver = (url) => {
    handedOver = null;
    try {
      load(url);
      return handedOver;
    } finally {
      handedOver = null;
    }
  };
  /** Whether the probe, loaded from `url`, hands a function over. */
  const probeLoads = (url) => {
    try { return typeof loadHandedOver(url) === 'function'; } catch { return false; }
  };

  /**
   * A URL to load `code` from, and the name the host knows it by: the URL itself for blob:, its
   * short name for data:.
   */
  const prepare = (code) => {
    if (!viaData(code)) {
      const url = blobUrl(code);
      return { __proto__: null, url, name: url };
    }
    const url = dataUrl(code);
    return { __proto__: null, url, name: nameDataUrl(url) };
  };

  return c.freeze({
    __proto__: null,
    /**
     * Which URLs this worker loads scripts from: `probe` (a script that hands a function over)
     * is loaded from a blob: URL and from a data: URL. Throws when neither works.
     */
    choose(probe) {
      blobLoads = probeLoads(blobUrl(probe));
      dataLoads = probeLoads(dataUrl(probe));
      if (!blobLoads && !dataLoads) throw c.construct(c.Error, ['this worker loads scripts neither from blob: nor from data: URLs']);
    },
    /** Whether `code` would load from a data: URL (else a blob: URL). */
    usesDataUrl: (code) => viaData(code),
    prepare,
    /** Runs the script at a URL of `prepare` (a blob: URL is revoked after). */
    load,
    /** `__paranoid_rt__.functionResult`: what the code of a `Function` stand-in defines. */
    handOver(fn) { handedOver = fn; return fn; },
    /**
     * Loads transpiled function code and returns what it handed over (a `Function` stand-in's
     * code hands over a factory of the function).
     */
    loadFunction(code) {
      const fn = loadHandedOver(prepare(code).url);
      if (typeof fn !== 'function') throw c.construct(c.Error, ['kernel: the compiled function did not hand itself over']);
      return fn;
    },
    shorten,
  });
}
