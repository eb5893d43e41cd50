'use strict';
// The Node half of the `differential` fuzz target (the slow one). Reads requests, one JSON object
// per line on stdin, and answers each with one JSON line on stdout:
//
//   request:  { original, probeOriginal, transpiled, probeTranspiled, rejected }
//             `transpiled` is null when paranoid refused the original (`rejected`: why).
//   response: { match, inconclusive, why, original, transpiled }
//
// The original runs as strict code in the reference realm of the Node tests, the transpiled code
// in a sandbox of the contract's reference runtime (rust-core/tests/node/), so both see the same
// built-ins. Each run is reduced to an outcome: whether the script compiled, `ok` or the name of
// what it threw, the global `result` it left, and the probe (globals read back afterwards).
// A refusal by paranoid matches only an original that does not compile either; an original that
// does not compile must be refused by paranoid or give an output that does not compile either.
//
// Both realms get the same `Function.prototype.toString` (a constant): the source text of a
// transpiled function is necessarily different, and a program that turns a function into a
// string would otherwise always differ.
//
// One request is one fresh pair of realms; the process serves many requests so that the fuzz
// target does not pay Node's start-up per input. By hand:
//   echo '{"original":"result = 1","transpiled":null}' | node rust-core/fuzz/differential-driver.mjs
//
// Environment: PARANOID_DIFF_TIMEOUT_MS (default 2000) per script;
// PARANOID_DIFF_IGNORE=function-names compares functions without their names.

import readline from 'node:readline';
import { isDeepStrictEqual } from 'node:util';
import vm from 'node:vm';
import { createSandbox, runScript } from '../tests/node/contract-runtime.mjs';
import { describeThrown, normalize } from '../tests/node/normalize.mjs';
import { createReference, runOriginal } from '../tests/node/reference-realm.mjs';

const TIMEOUT = Number(process.env.PARANOID_DIFF_TIMEOUT_MS || 2000);
const IGNORE = new Set((process.env.PARANOID_DIFF_IGNORE || '').split(',').filter(Boolean));

const TO_STRING = `function toString() { return 'function () { [code] }'; }`;
const patchToString = (O) =>
  `${O}.defineProperty(${O}.getPrototypeOf(function () {}), 'toString', ` +
  `{ value: ${TO_STRING}, writable: true, enumerable: false, configurable: true });`;

/** Thrown when a run says nothing about the transpiler (a timeout, a stack overflow). */
class Inconclusive extends Error {}

/** `ok`, or `threw NAME`; an error that depends on time or stack size makes the run inconclusive. */
function outcome(run) {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new Inconclusive('timeout');
    const { name, message } = describeThrown(error);
    if (name === 'RangeError' && /call stack/.test(message)) throw new Inconclusive('stack overflow');
    return `threw ${name}`;
  }
}

function compiles(code) {
  try {
    new vm.Script(code);
    return 'ok';
  } catch (error) {
    return `threw ${describeThrown(error).name}`;
  }
}

function stripFunctionNames(value) {
  if (Array.isArray(value)) return value.map(stripFunctionNames);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = stripFunctionNames(v);
  if (out.$ === 'function') out.name = '?';
  return out;
}

const comparable = (value) => (IGNORE.has('function-names') ? stripFunctionNames(value) : value);

function runOriginalSide(source, probe) {
  const context = createReference();
  runOriginal(context, `globalThis.result = undefined; globalThis.probe = undefined; ${patchToString('Object')}`, { strict: false });
  const compiled = compiles(`'use strict';${source}`);
  if (compiled !== 'ok') return { compiled };
  const script = outcome(() => runOriginal(context, source, { timeout: TIMEOUT }));
  const probed = outcome(() => runOriginal(context, probe, { timeout: TIMEOUT }));
  const global = /** @type {any} */ (runOriginal(context, 'globalThis', { strict: false }));
  return { compiled, script, probed, result: normalize(global.result), probe: normalize(global.probe) };
}

function runTranspiledSide(code, probe) {
  const sandbox = createSandbox();
  sandbox.global.result = undefined;
  sandbox.global.probe = undefined;
  vm.runInContext(patchToString('__paranoid_scope__.Object'), sandbox.context);
  const compiled = compiles(code);
  if (compiled !== 'ok') return { compiled: `output does not compile: ${compiled}` };
  const script = outcome(() => runScript(sandbox, code, { timeout: TIMEOUT }));
  const probed = outcome(() => runScript(sandbox, probe, { timeout: TIMEOUT }));
  return {
    compiled,
    script,
    probed,
    result: normalize(sandbox.global.result),
    probe: normalize(sandbox.global.probe),
  };
}

function answer(request) {
  let original;
  try {
    original = runOriginalSide(request.original, request.probeOriginal ?? '');
  } catch (error) {
    if (error instanceof Inconclusive) return { match: true, inconclusive: true, why: `original: ${error.message}` };
    throw error;
  }
  if (request.transpiled === null || request.transpiled === undefined) {
    const match = original.compiled !== 'ok';
    return {
      match,
      inconclusive: false,
      why: match ? 'both refuse' : `paranoid refused a script that compiles: ${request.rejected ?? ''}`,
      original,
      transpiled: { rejected: request.rejected ?? '' },
    };
  }
  if (original.compiled !== 'ok') {
    // Early errors swc does not report are passed on by design (tests/corpus/engine-rejects/):
    // fine as long as the engine refuses the output too, so that nothing of it runs.
    const output = compiles(request.transpiled);
    if (output !== 'ok') {
      return {
        match: true,
        inconclusive: false,
        why: 'the engine refuses both the original and the output',
        original,
        transpiled: { compiled: output },
      };
    }
    return {
      match: false,
      inconclusive: false,
      why: `paranoid turned a script that does not compile (${original.compiled}) into one that does`,
      original,
      transpiled: { compiled: 'accepted' },
    };
  }
  let transpiled;
  try {
    transpiled = runTranspiledSide(request.transpiled, request.probeTranspiled ?? '');
  } catch (error) {
    if (error instanceof Inconclusive) return { match: true, inconclusive: true, why: `transpiled: ${error.message}` };
    throw error;
  }
  const match = isDeepStrictEqual(comparable(original), comparable(transpiled));
  return { match, inconclusive: false, why: match ? 'same outcome' : 'different outcomes', original, transpiled };
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  let response;
  try {
    response = answer(JSON.parse(line));
  } catch (error) {
    response = { match: false, inconclusive: false, why: `driver error: ${error?.stack ?? error}` };
  }
  process.stdout.write(`${JSON.stringify(response)}\n`);
}
