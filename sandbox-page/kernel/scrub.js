'use strict';
// Threat: anything left on the real global (or its prototype chain) is one step from untrusted
// code if the transpiler (layer 3) ever misses a reference. Defence, as docs/design.md says:
// 1. Walk the global and each object on its prototype chain up to (not including)
//    Object.prototype, and delete every own property that is not on the keep list.
// 2. Allowlist check: afterwards every own key of the global must be kept on purpose; an
//    undeletable constant may stay only if it is a number.
// 3. Blocklist check (second line): none of the known-dangerous names may still be reachable.
// Any failure is returned; the caller runs nothing and reports why (fail closed).
// The same scrub runs in the worker (main.js) and in the sandbox frame (frame.js, which gets it
// from the build as `paranoidScrubGlobal`), each with its own keep list from the policy.
// Spec: WebIDL §3.7 (interface prototype objects), HTML §8.1.6 (global objects).

/**
 * @param {any} c captured commons
 * @param {object} g the global to scrub (a worker's, or the frame's window)
 * @param {{ keep: string[], constants: string[], mustBeGone: string[] }} lists
 * @returns {string[]} why the scrub failed; empty when it held
 */
function scrubGlobal(c, g, lists) {
  const keep = c.create(null);
  for (let i = 0; i < lists.keep.length; i++) keep[lists.keep[i]] = true;
  const constants = c.create(null);
  for (let i = 0; i < lists.constants.length; i++) constants[lists.constants[i]] = true;
  const failures = [];
  const fail = (why) => c.defineProperty(failures, failures.length, { __proto__: null, value: why, writable: true, enumerable: true, configurable: true });
  const label = (key) => (typeof key === 'symbol' ? 'a symbol' : key);

  for (let o = g; o !== null && o !== c.ObjectPrototype; o = c.getPrototypeOf(o)) {
    const keys = c.ownKeys(o);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (o === g && typeof key === 'string' && (keep[key] === true || constants[key] === true)) continue;
      let deleted;
      // Some engines throw, rather than answer false, for a window's unforgeable accessors.
      try { deleted = c.deleteProperty(o, key); } catch { deleted = false; }
      if (!deleted && o === g) {
        // On the chain's prototypes an undeletable property is checked below by name.
        fail(`cannot delete the global ${label(key)}`);
      }
    }
  }

  const left = c.ownKeys(g);
  for (let i = 0; i < left.length; i++) {
    const key = left[i];
    if (typeof key === 'string' && keep[key] === true) continue;
    if (typeof key === 'string' && constants[key] === true && typeof c.getOwnPropertyDescriptor(g, key).value === 'number') continue;
    fail(`the global ${label(key)} is still there`);
  }
  for (let i = 0; i < lists.mustBeGone.length; i++) {
    const name = lists.mustBeGone[i];
    if (c.has(g, name)) fail(`${name} is still reachable from the global`);
  }
  return failures;
}
