'use strict';
// Threat: a `Function` call whose text the sandbox compiled before reuses that compile. The cache
// must hand out only what the vetting transpiler made of exactly that text, must never give two
// calls the same function object (a script that marks or changes one function would reach the
// next caller's), and must not grow without bound.
// 1. The key is the kind and every part, each behind its length, so two different calls never
//    share a key (`Function('a,b', '')` and `Function('a', 'b', '')` are two keys).
// 2. The value is the factory the transpiled code handed over, `() => (function anonymous…)`:
//    the kernel alone holds it, and each call of it makes a new function object, as each native
//    `Function` call does (CreateDynamicFunction makes a new object every time).
// 3. Only what compiled is kept: a refusal is compiled (and refused) again at each call.
// 4. At most `sandbox.functionCacheEntries` entries and `sandbox.functionCacheChars` characters
//    of keys, the oldest dropped first; a key longer than the whole budget is never kept.
// Spec: ECMA-262 §20.2.1.1.1 (CreateDynamicFunction), §10.2 (function objects).

/**
 * @param {any} c captured commons
 * @param {{ sandbox: { functionCacheEntries: number, functionCacheChars: number } }} policy
 */
function makeFunctionCache(c, policy) {
  const MAX_ENTRIES = policy.sandbox.functionCacheEntries;
  const MAX_CHARS = policy.sandbox.functionCacheChars;
  // key -> factory, and the keys in the order they came (a ring from `oldest` to `next`).
  const factories = c.create(null);
  const order = c.create(null);
  let oldest = 0;
  let next = 0;
  let chars = 0;
  let hits = 0;

  const keyOf = (kind, parts) => {
    let key = `${kind}:${parts.length}`;
    for (let i = 0; i < parts.length; i++) key += `:${parts[i].length}:${parts[i]}`;
    return key;
  };
  const dropOldest = () => {
    const key = order[oldest];
    c.deleteProperty(order, oldest);
    oldest++;
    c.deleteProperty(factories, key);
    chars -= key.length;
  };
  const keep = (key, factory) => {
    if (key.length > MAX_CHARS) return;
    while (next - oldest >= MAX_ENTRIES || chars + key.length > MAX_CHARS) dropOldest();
    factories[key] = factory;
    order[next++] = key;
    chars += key.length;
  };
  /** A fresh function from `factory`; throws unless it makes one. */
  const make = (factory) => {
    const fn = c.apply(factory, undefined, []);
    if (typeof fn !== 'function') throw c.construct(c.Error, ['kernel: the compiled code made no function']);
    return fn;
  };

  return c.freeze({
    __proto__: null,
    /**
     * A new function for `kind` and `parts` (strings: the parameters, then the body): from the
     * factory of an earlier call with the same text, else from `compile(kind, parts)`, which
     * returns the factory of a fresh compile or throws (and then nothing is kept).
     */
    functionFor(kind, parts, compile) {
      const key = keyOf(kind, parts);
      if (c.hasOwn(factories, key)) {
        hits++;
        return make(factories[key]);
      }
      const factory = compile(kind, parts);
      const fn = make(factory);
      keep(key, factory);
      return fn;
    },
    /** For tests and the bench: entries, characters of keys, and calls answered from the cache. */
    stats: () => ({ __proto__: null, entries: next - oldest, chars, hits }),
  });
}
