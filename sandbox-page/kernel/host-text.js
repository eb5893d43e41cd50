'use strict';
// Threat: what the kernel tells the host about a sandbox (console lines, errors, report values)
// starts as values untrusted code made. Turning one into text runs the sandbox's code
// (`toString`, `Symbol.toPrimitive`, getters on an error's `name`, `message` and `stack`, a
// proxy's traps), which may throw or loop, and the text may be huge: the host holds every message.
// 1. A value becomes text through the captured `String`, inside a try; one that cannot is
//    `(unprintable)`.
// 2. An error is read field by field (`name`, `message`, `stack`) inside one try; a value that is
//    no object is an `uncaught value`; a throw while reading becomes the message.
// 3. A stack is shortened by the loader (data: URLs to short names) before it is cut.
// 4. Every text is cut to the policy's `hostTextLimit` UTF-16 units, and `…` added.
// Spec: ECMA-262 §7.1.17 (ToString), §10.5 (proxy object internal methods).

/**
 * @param {any} c captured commons
 * @param {number} limit the policy's `hostTextLimit`
 * @param {(stack: string) => string} shorten the loader's
 * @returns {{ cut(text: string): string, safeString(value: unknown): string,
 *   describe(error: unknown): { name: string, message: string, stack: string } }}
 */
function makeHostText(c, limit, shorten) {
  const cut = (text) => (text.length > limit ? `${c.apply(c.stringSlice, text, [0, limit])}…` : text);
  const safeString = (value) => {
    try { return typeof value === 'string' ? value : c.String(value); } catch { return '(unprintable)'; }
  };
  const describe = (error) => {
    let name = 'Error', message = '', stack = '';
    try {
      if ((typeof error === 'object' && error !== null) || typeof error === 'function') {
        name = safeString(error.name);
        message = safeString(error.message);
        stack = safeString(error.stack);
      } else {
        name = 'uncaught value';
        message = safeString(error);
      }
    } catch (inner) {
      message = `(reading the error threw: ${safeString(inner)})`;
    }
    return { __proto__: null, name: cut(name), message: cut(message), stack: cut(shorten(stack)) };
  };
  return c.freeze({ __proto__: null, cut, safeString, describe });
}
