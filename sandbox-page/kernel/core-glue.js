'use strict';
// Threat: the transpiler keeps running after untrusted code has run (the `Function` stand-ins
// call it), so its glue must not call anything that code can patch, and a trap or a stack
// overflow inside the core must never leave a half-updated instance in use.
// 1. The module imports nothing; the glue touches memory only through captured constructors and
//    getters (rust-core/src/abi.rs has the protocol).
// 2. Text goes in as UTF-8 written by the captured `encodeInto`, after the captured
//    `isWellFormed` check (encodeInto would silently turn a lone surrogate into U+FFFD).
// 3. The instance is marked dirty before every call into it and clean only after the answer is
//    read: any exception in between (a trap, an engine stack overflow even when the catch block
//    cannot run) leaves it dirty, and a dirty instance is dropped and made anew from the module.

/**
 * @param {any} c captured commons
 * @param {WebAssembly.Module} module the compiled core
 * @param {{ levels: string[], functionKinds: string[] }} policy
 */
function makeCore(c, module, policy) {
  let exports = null;
  let dirty = true;

  const fresh = () => {
    if (dirty || exports === null) {
      exports = null;
      const instance = c.construct(c.WebAssemblyInstance, [module]);
      exports = c.apply(c.instanceExports, instance, []);
      dirty = false;
    }
    return exports;
  };
  const bytes = (e, at, length) => c.construct(c.Uint8Array, [c.apply(c.memoryBuffer, e.memory, []), at, length]);

  const levelIndex = (level) => {
    if (level === undefined || level === null) return 0;
    for (let i = 0; i < policy.levels.length; i++) if (policy.levels[i] === level) return i + 1;
    throw c.construct(c.TypeError, [`unknown language level ${c.String(level)}`]);
  };

  /** Encodes `texts` as the request (lengths first when `withLengths`), runs `op`, parses the answer. */
  const call = (texts, withLengths, op) => {
    for (let i = 0; i < texts.length; i++) {
      if (!c.apply(c.stringIsWellFormed, texts[i], [])) return loneSurrogate(texts[i]);
    }
    const e = fresh();
    dirty = true;
    const header = withLengths ? texts.length * 4 : 0;
    let capacity = header;
    for (let i = 0; i < texts.length; i++) capacity += texts[i].length * 3;
    const at = e.paranoid_input(capacity);
    let used = header;
    for (let i = 0; i < texts.length; i++) {
      const target = bytes(e, at + used, capacity - used);
      const { written } = c.apply(c.textEncoderEncodeInto, c.textEncoder, [texts[i], target]);
      if (withLengths) {
        const lengths = bytes(e, at + i * 4, 4);
        lengths[0] = written & 0xff; lengths[1] = (written >>> 8) & 0xff;
        lengths[2] = (written >>> 16) & 0xff; lengths[3] = (written >>> 24) & 0xff;
      }
      used += written;
    }
    const answerLength = op(e, used);
    const text = c.apply(c.textDecoderDecode, c.textDecoder, [bytes(e, e.paranoid_output(), answerLength)]);
    const answer = c.apply(c.jsonParse, undefined, [text]);
    dirty = false;
    return answer;
  };

  const loneSurrogate = (text) => {
    const e = fresh();
    dirty = true;
    const at = e.paranoid_input(text.length * 2);
    const view = bytes(e, at, text.length * 2);
    for (let i = 0; i < text.length; i++) {
      const unit = c.apply(c.stringCharCodeAt, text, [i]);
      view[2 * i] = unit & 0xff;
      view[2 * i + 1] = unit >>> 8;
    }
    const n = e.paranoid_lone_surrogate(text.length * 2);
    const answer = c.apply(c.jsonParse, undefined, [c.apply(c.textDecoderDecode, c.textDecoder, [bytes(e, e.paranoid_output(), n)])]);
    dirty = false;
    return answer;
  };

  /** Copies an answer into a null-prototype record, so that no inherited getter is ever read. */
  const record = (answer) => ({
    __proto__: null,
    ok: c.hasOwn(answer, 'ok') && answer.ok === true,
    code: c.hasOwn(answer, 'code') ? answer.code : undefined,
    sourceMap: c.hasOwn(answer, 'sourceMap') ? answer.sourceMap : undefined,
    diagnostics: c.hasOwn(answer, 'diagnostics') ? answer.diagnostics : [],
    digest: c.hasOwn(answer, 'digest') ? answer.digest : undefined,
    // The key the output's source-text marks name, and (a function's) the text they point into.
    sourceKey: c.hasOwn(answer, 'sourceKey') ? answer.sourceKey : undefined,
    sourceText: c.hasOwn(answer, 'sourceText') ? answer.sourceText : undefined,
  });

  return c.freeze({
    __proto__: null,
    vet(source, level) {
      const l = levelIndex(level);
      return record(call([source], false, (e, len) => e.paranoid_vet(len, l)));
    },
    transpile(source, level) {
      const l = levelIndex(level);
      return record(call([source], false, (e, len) => e.paranoid_transpile(len, l)));
    },
    /** A userscript's own text, run wrapped in a function as the managers run it. */
    transpileUserscript(source, level) {
      const l = levelIndex(level);
      return record(call([source], false, (e, len) => e.paranoid_transpile_userscript(len, l)));
    },
    /** The text of an indirect `eval`: a script whose completion values go to the runtime. */
    transpileEval(source, level) {
      const l = levelIndex(level);
      return record(call([source], false, (e, len) => e.paranoid_transpile_eval(len, l)));
    },
    /** `parts`: parameter strings then the body, already strings. */
    transpileFunction(parts, kind, level) {
      const l = levelIndex(level);
      let k = -1;
      for (let i = 0; i < policy.functionKinds.length; i++) if (policy.functionKinds[i] === kind) k = i;
      if (k < 0) throw c.construct(c.TypeError, [`unknown function kind ${c.String(kind)}`]);
      return record(call(parts, true, (e, len) => e.paranoid_transpile_function(len, k, parts.length, l)));
    },
    /** The SHA-256 of `text` (its UTF-8), in hex, as `digest`. */
    sha256(text) {
      return record(call([text], false, (e, len) => e.paranoid_sha256(len)));
    },
    /** The key `text`'s source-text marks name once transpiled, as `sourceKey`. */
    sourceKey(text) {
      return record(call([text], false, (e, len) => e.paranoid_source_key(len)));
    },
    /** For tests: whether the next call will make a new instance. */
    get discarded() { return dirty || exports === null; },
  });
}
