'use strict';
// Values from two different vm realms never compare equal with assert.deepStrictEqual (their
// prototypes differ), so outcomes are first turned into plain data of this realm: JSON-ish, with
// tags for what JSON cannot say (undefined, NaN, -0, bigint, functions, Map, errors ...).

/**
 * @param {unknown} value any value, from any realm
 * @returns {unknown} plain data of this realm
 */
export function normalize(value) {
  return walk(value, new Set());
}

/** @param {unknown} value @param {Set<object>} seen */
function walk(value, seen) {
  switch (typeof value) {
    case 'undefined': return { $: 'undefined' };
    case 'bigint': return { $: 'bigint', value: String(value) };
    case 'symbol': return { $: 'symbol', description: value.description ?? null };
    case 'number':
      if (Number.isNaN(value)) return { $: 'NaN' };
      if (!Number.isFinite(value)) return { $: value > 0 ? 'Infinity' : '-Infinity' };
      return Object.is(value, -0) ? { $: '-0' } : value;
    case 'string': case 'boolean': return value;
    case 'function': return { $: 'function', name: value.name };
    default: break;
  }
  if (value === null) return null;
  if (seen.has(value)) return { $: 'cycle' };
  seen.add(value);
  try {
    return walkObject(/** @type {any} */ (value), seen);
  } finally {
    seen.delete(value);
  }
}

/** @param {any} value @param {Set<object>} seen */
function walkObject(value, seen) {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  if (Array.isArray(value)) {
    return Array.from({ length: value.length }, (_, i) => (i in value ? walk(value[i], seen) : { $: 'hole' }));
  }
  if (ArrayBuffer.isView(value) && tag !== 'DataView') return { $: tag, values: Array.from(value, (v) => walk(v, seen)) };
  switch (tag) {
    case 'Error': return { $: 'error', name: constructorName(value) };
    case 'Date': return { $: 'date', time: walk(value.getTime(), seen) };
    case 'RegExp': return { $: 'regexp', source: String(value) };
    case 'Map': return { $: 'map', entries: Array.from(value, ([k, v]) => [walk(k, seen), walk(v, seen)]) };
    case 'Set': return { $: 'set', values: Array.from(value, (v) => walk(v, seen)) };
    case 'Promise': return { $: 'promise' };
    case 'Boolean': case 'Number': case 'String': return { $: tag, value: walk(value.valueOf(), seen) };
    default: break;
  }
  // defineProperty, not assignment: a key named `__proto__` must stay a key.
  const props = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(props, key, { value: walk(value[key], seen), enumerable: true, writable: true, configurable: true });
  }
  const name = constructorName(value);
  return name === 'Object' ? props : { $: 'instance', class: name, props };
}

/**
 * @param {unknown} value
 * @returns {string | null} the name of the value's constructor, as a report would call it
 */
export function constructorName(value) {
  try {
    const proto = Object.getPrototypeOf(value);
    if (proto === null) return null;
    const ctor = proto.constructor;
    return typeof ctor === 'function' ? ctor.name : null;
  } catch {
    return null;
  }
}

/**
 * How a thrown value is compared: by its constructor's name, which is stable across realms and
 * engines' wordings. The message is kept separately for reports.
 * @param {unknown} error
 * @returns {{ name: string, message: string }}
 */
export function describeThrown(error) {
  if ((typeof error === 'object' && error !== null) || typeof error === 'function') {
    let message = '';
    try { message = String(/** @type {any} */ (error).message); } catch { /* keep it empty */ }
    return { name: constructorName(error) ?? 'null-prototype object', message };
  }
  return { name: `thrown ${typeof error}`, message: String(error) };
}
