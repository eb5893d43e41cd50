'use strict';
// Threat: the kernel runs transpiled code (the host's scripts, each `Function` stand-in's output)
// and must load it with nothing untrusted code can replace and no eval. And where scripts load
// from data: URLs, an error's stack names each script by its whole text: a stack would carry a
// script's source, megabytes of it, to the host.
// 1. A script's text becomes a `blob:` URL, loaded with the captured `importScripts` and revoked
//    at once. The `Blob` is built from a kernel-made iterator of one string, so that no
//    `Array.prototype[Symbol.iterator]` is consulted for its sequence argument.
// 2. Where the engine refuses blob: scripts (Firefox, in a worker of a moz-extension sandbox
//    frame: SecurityError with or without a CSP), a `data:` URL, which that build's frame CSP
//    allows. `choose` loads a probe each way at boot and keeps the first that hands a function
//    over; neither: the boot fails.
// 3. Transpiled function code hands its function over through `__paranoid_rt__.functionResult`
//    (`handOver`); `loadFunction` takes it, and fails if nothing came.
// 4. Each data: URL gets a short name (`paranoid:script-N`); `shorten` swaps the newest
//    `sandbox.dataUrlsKept` URLs (the policy's) for their names in a stack, before anything is
//    cut or sent.
// Spec: HTML §10.2 (workers: importScripts), File API §3 (Blob), §8 (blob URLs), RFC 2397
// (data: URLs), WebIDL §3.2 (a sequence argument is read by iteration).

/**
 * @param {any} c captured commons
 * @param {any} g the worker's global (the receiver of `importScripts`)
 * @param {{ sandbox: { dataUrlsKept: number } }} policy
 */
function makeLoader(c, g, policy) {
  let useDataUrls = false;

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
  const scriptUrl = (code) => (useDataUrls ? dataUrl(code) : blobUrl(code));
  const load = (url) => {
    try { c.apply(c.importScripts, g, [url]); } finally { if (!useDataUrls) c.apply(c.revokeObjectURL, undefined, [url]); }
  };

  /**
   * A URL to load `code` from, and the name the host knows it by: the URL itself for blob:, its
   * short name for data:.
   */
  const prepare = (code) => {
    const url = scriptUrl(code);
    return { __proto__: null, url, name: useDataUrls ? nameDataUrl(url) : url };
  };

  let handedOver = null;
  return c.freeze({
    __proto__: null,
    /**
     * Which URLs this worker loads scripts from: `probe` (a script that hands a function over)
     * is loaded from a blob: URL, else from a data: URL. Throws when neither works.
     */
    choose(probe) {
      for (let way = 0; way < 2; way++) {
        useDataUrls = way === 1;
        handedOver = null;
        try { load(scriptUrl(probe)); } catch { /* the next way */ }
        if (typeof handedOver === 'function') break;
        if (useDataUrls) throw c.construct(c.Error, ['this worker loads scripts neither from blob: nor from data: URLs']);
      }
      handedOver = null;
    },
    usesDataUrls: () => useDataUrls,
    prepare,
    /** Runs the script at a URL of `prepare` (a blob: URL is revoked after). */
    load,
    /** `__paranoid_rt__.functionResult`: what the code of a `Function` stand-in defines. */
    handOver(fn) { handedOver = fn; return fn; },
    /** Loads transpiled function code and returns the function it handed over. */
    loadFunction(code) {
      handedOver = null;
      load(prepare(code).url);
      const fn = handedOver;
      handedOver = null;
      if (typeof fn !== 'function') throw c.construct(c.Error, ['kernel: the compiled function did not hand itself over']);
      return fn;
    },
    shorten,
  });
}
