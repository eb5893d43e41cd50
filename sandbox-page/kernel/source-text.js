'use strict';
// Threat: `Function.prototype.toString` is called by untrusted code on any value, often (lodash's
// `isNative`, dependency injection that reads parameter names, serialisers). The stand-in must
// answer as the engine would for the code the sandbox wrote, must not run anything of the
// sandbox's (no getter, no patched built-in), and must not show the kernel's own source.
// Without it the engine shows the transpiled text (scope prefixes, comments gone) of sandboxed
// functions and the kernel's source of the kernel's functions.
// 1. The real `toString` runs first, through the captured `apply`: a value that is not a
//    function throws the engine's TypeError, and a proxy or bound function gives the engine's
//    native text.
// 2. A text that ends with the transpiler's mark (`/*paranoid:f:KEY:START:END*/}`, or
//    `…c…*/}}` for a class: rust-core/src/source_text.rs) answers with START..END of the text
//    kept under KEY. An unknown key, or a range outside its text: the engine's text.
// 3. A text in the engine's native form is returned as it is. Any other text is the kernel's
//    (the transpiler marks every function its input wrote): it answers in the native form, as
//    the built-ins the kernel stands in for would. So do the functions of the texts the build
//    transpiled (the policy's `nativeSourceKeys`: the DOM replica and the GM API), which stand
//    in for the browser's own DOM and a manager's API.
// 4. What is kept: the text of each script, `Function` and eval the core transpiled (its key
//    comes with the output), and of code transpiled before (its key computed by the core only
//    when a mark names a key not known yet: a page load pays no hash for a `toString` nobody
//    calls), at most `sandbox.sourceTextChars` units in all; past that nothing more is kept and
//    rule 2's fallback answers.
// Spec: ECMA-262 §20.2.3.5 (Function.prototype.toString), §19.2.1.1 (NativeFunction syntax).

/**
 * @param {any} c captured commons
 * @param {{ sandbox: { sourceTextChars: number, sourceMarkChars: number }, nativeSourceKeys?: string[] }} policy
 * @param {(text: string) => string | undefined} keyOf the core's source key of a text (16 hex digits)
 */
function makeSourceTexts(c, policy, keyOf) {
  const MAX_CHARS = policy.sandbox.sourceTextChars;
  const KEY = /^[0-9a-f]{16}$/;
  // The mark at the end of a function's or a class's text, in the tail of its longest length.
  const MARK = /\/\*paranoid:(?:f:([0-9a-f]{16}):(\d{1,10}):(\d{1,10})\*\/\}|c:([0-9a-f]{16}):(\d{1,10}):(\d{1,10})\*\/\}\})$/;
  const TAIL = policy.sandbox.sourceMarkChars;
  const NATIVE = /\{\s*\[native code\]\s*\}$/;
  const nativeToString = c.functionToString;
  const nativeKeys = c.create(null);
  const listed = c.isArray(policy.nativeSourceKeys) ? policy.nativeSourceKeys : [];
  for (let i = 0; i < listed.length; i++) if (typeof listed[i] === 'string') nativeKeys[listed[i]] = true;
  const texts = c.create(null);
  let chars = 0;
  // Texts transpiled before, not hashed yet (`keepOriginal`), counted in `chars` already.
  const pending = c.create(null);
  let pendingCount = 0;

  const matches = (re, text) => c.apply(c.regExpExec, re, [text]);
  /** Keeps `text` under `key`, a key the core gave; false when over the budget. */
  const keep = (key, text) => {
    if (typeof key !== 'string' || typeof text !== 'string' || matches(KEY, key) === null) return false;
    if (c.hasOwn(texts, key)) return true;
    if (chars + text.length > MAX_CHARS) return false;
    texts[key] = text;
    chars += text.length;
    return true;
  };
  /** The name a native-form answer shows: the function's own `name` if it is a data property. */
  const nameOf = (fn) => {
    const desc = c.getOwnPropertyDescriptor(fn, 'name');
    return desc !== undefined && c.hasOwn(desc, 'value') && typeof desc.value === 'string' ? desc.value : '';
  };
  /** Hashes the pending texts into `texts`. A throw (no stack left) leaves the rest pending. */
  const settle = () => {
    while (pendingCount > 0) {
      const text = pending[pendingCount - 1];
      const key = keyOf(text);
      pendingCount--;
      pending[pendingCount] = undefined;
      chars -= text.length;
      keep(key, text);
    }
  };
  const answer = (fn) => {
    const text = c.apply(nativeToString, fn, []);
    const tail = text.length > TAIL ? c.apply(c.stringSlice, text, [text.length - TAIL]) : text;
    const mark = matches(MARK, tail);
    if (mark !== null) {
      const at = mark[1] !== undefined ? 1 : 4;
      const key = mark[at];
      const start = c.Number(mark[at + 1]);
      const end = c.Number(mark[at + 2]);
      if (c.hasOwn(nativeKeys, key)) return `function ${nameOf(fn)}() { [native code] }`;
      if (!c.hasOwn(texts, key) && pendingCount > 0) settle();
      if (c.hasOwn(texts, key) && start <= end && end <= texts[key].length) return c.apply(c.stringSlice, texts[key], [start, end]);
      return text;
    }
    if (matches(NATIVE, tail) !== null) return text;
    return `function ${nameOf(fn)}() { [native code] }`;
  };
  // A method: not a constructor, `length` 0, `name` "toString", as the built-in.
  const standIn = { toString() { return answer(this); } }.toString;

  return c.freeze({
    __proto__: null,
    keep,
    /**
     * Keeps a text transpiled before, under the key its marks name, computed when a mark first
     * names a key not known (`settle`); false when over the budget.
     */
    keepOriginal(text) {
      if (typeof text !== 'string' || chars + text.length > MAX_CHARS) return false;
      pending[pendingCount++] = text;
      chars += text.length;
      return true;
    },
    /** Puts the stand-in on Function.prototype, where the built-in was. */
    install() {
      c.defineProperty(c.FunctionPrototype, 'toString', { __proto__: null, value: standIn, writable: true, enumerable: false, configurable: true });
    },
    /** For tests: units kept. */
    stats: () => ({ __proto__: null, chars }),
  });
}
