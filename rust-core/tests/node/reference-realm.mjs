'use strict';
// The realm an original program runs in for comparison: a fresh vm context with the same
// built-ins as a sandbox (builtins.mjs) plus the real `Function` and `globalThis`, and `self`
// and `window` naming the global, as in a browser. Nothing else, so both sides see one world.

import vm from 'node:vm';
import { BUILTIN_NAMES } from './builtins.mjs';

/**
 * Runs in the new realm (source text only): trims its global to `keep` and adds the aliases with
 * the descriptors the contract sandbox gives them.
 * @param {readonly string[]} keep
 */
function trimRealm(keep) {
  'use strict';
  const g = globalThis;
  const { defineProperty, ownKeys, deleteProperty } = Reflect;
  for (const key of ownKeys(g)) if (!keep.includes(key)) deleteProperty(g, key);
  defineProperty(g, 'self', { value: g, writable: true, enumerable: true, configurable: true });
  defineProperty(g, 'window', { value: g, writable: false, enumerable: true, configurable: false });
  defineProperty(g, 'top', { value: g, writable: false, enumerable: true, configurable: true });
  defineProperty(g, 'parent', { value: g, writable: true, enumerable: true, configurable: true });
  defineProperty(g, 'frames', { value: g, writable: true, enumerable: true, configurable: true });
}

/** @returns {vm.Context} a fresh reference realm */
export function createReference() {
  const context = vm.createContext(Object.create(null), { name: 'paranoid reference realm' });
  vm.runInContext(`(${trimRealm.toString()})`, context)([...BUILTIN_NAMES, 'Function', 'globalThis']);
  return context;
}

/**
 * Runs an original program in the reference realm.
 * @param {vm.Context} context
 * @param {string} source
 * @param {{ strict?: boolean, filename?: string, timeout?: number }} [options] `strict` prefixes
 *   the directive (the transpiler's output is always strict, so comparisons use strict originals)
 * @returns {unknown} the completion value
 */
export function runOriginal(context, source, { strict = true, filename = 'original.js', timeout = 20_000 } = {}) {
  const code = strict ? `'use strict';${source}` : source;
  return new vm.Script(code, { filename }).runInContext(context, { timeout });
}
