'use strict';
// Runs one test program — one or more scripts sharing a global, as scripts of one page do —
// once as the original in a reference realm and once transpiled in a contract sandbox, and
// reduces each run to a comparable outcome: per script `ok` or the thrown error's constructor
// name, then the (awaited) value the program left in the global `result`.

import vm from 'node:vm';
import { createSandbox, runScript, transpile } from './contract-runtime.mjs';
import { RESERVED_NAMES, UNDELETABLE_NAMES } from './builtins.mjs';
import { describeThrown, normalize } from './normalize.mjs';
import { createReference, runOriginal } from './reference-realm.mjs';

/**
 * @typedef {object} Outcome
 * @property {string[]} scripts `ok`, `threw NAME`, or (sandbox only) why nothing ran
 * @property {unknown} result the normalized `result`; a promise becomes `{ fulfilled }` or `{ rejected }`
 */

/**
 * @typedef {object} Run
 * @property {Outcome} outcome what is compared
 * @property {string[]} notes messages and transpiled code, for the report when outcomes differ
 */

/**
 * @param {string | string[]} program
 * @returns {string[]}
 */
const scriptsOf = (program) => (Array.isArray(program) ? program : [program]);

/**
 * The program's `result`, awaited when it is a thenable so async code can report too.
 * @param {unknown} value
 */
async function settle(value) {
  const isObject = (typeof value === 'object' && value !== null) || typeof value === 'function';
  if (!isObject || typeof (/** @type {any} */ (value)).then !== 'function') return normalize(value);
  try {
    return { fulfilled: normalize(await value) };
  } catch (error) {
    return { rejected: describeThrown(error).name };
  }
}

/**
 * @param {string | string[]} program
 * @param {{ sloppy?: boolean }} [options] `sloppy`: run the original as sloppy code (what a
 *   `with` needs; the transpiled run is strict either way)
 * @returns {Promise<Run>}
 */
export async function runOriginalProgram(program, { sloppy = false } = {}) {
  const context = createReference();
  runOriginal(context, 'globalThis.result = undefined;', { strict: false });
  const notes = [];
  const scripts = scriptsOf(program).map((source, i) => {
    try {
      runOriginal(context, source, { filename: `original-${i + 1}.js`, strict: !sloppy });
      return 'ok';
    } catch (error) {
      const { name, message } = describeThrown(error);
      notes.push(`original script ${i + 1} threw ${name}: ${message}`);
      return `threw ${name}`;
    }
  });
  const global = /** @type {any} */ (runOriginal(context, 'globalThis', { strict: false }));
  return { outcome: { scripts, result: await settle(global.result) }, notes };
}

/**
 * @param {string | string[]} program
 * @param {{ es?: string }} [options]
 * @returns {Promise<Run & { leaked: string[] }>} `leaked`: names that appeared on the real global
 */
export async function runTranspiledProgram(program, options = {}) {
  const sandbox = createSandbox();
  sandbox.global.result = undefined;
  const notes = [];
  const scripts = scriptsOf(program).map((source, i) => {
    const transpiled = transpile(source, options);
    if (!transpiled.ok) {
      notes.push(`script ${i + 1} rejected (exit ${transpiled.status}):\n${transpiled.stderr}`);
      return `rejected by paranoid transpile (exit ${transpiled.status})`;
    }
    notes.push(`script ${i + 1} transpiled:\n${transpiled.code}`);
    try {
      new vm.Script(transpiled.code); // compile only: tells a bad output from a runtime error
    } catch (error) {
      notes.push(`transpiled script ${i + 1} does not parse: ${describeThrown(error).message}`);
      return 'output does not parse';
    }
    try {
      runScript(sandbox, transpiled.code, { filename: `transpiled-${i + 1}.js` });
      return 'ok';
    } catch (error) {
      const { name, message } = describeThrown(error);
      notes.push(`transpiled script ${i + 1} threw ${name}: ${message}`);
      return `threw ${name}`;
    }
  });
  const result = await settle(sandbox.global.result);
  const expected = new Set([...RESERVED_NAMES, ...UNDELETABLE_NAMES]);
  const leaked = sandbox.realGlobalKeys().map(String).filter((key) => !expected.has(key));
  return { outcome: { scripts, result }, notes, leaked };
}
