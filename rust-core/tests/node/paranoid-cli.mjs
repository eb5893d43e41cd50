'use strict';
// The harness reaches the transpiler only through the native CLI, exactly as a user would, so
// what is tested is the shipped binary and its exit codes, not a private API.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** @typedef {'normal' | 'async' | 'generator' | 'async-generator'} FunctionKind */

/**
 * What one CLI run produced. `ok` is exit status 0; `status` 1 means "rejected with diagnostics".
 * @typedef {{ ok: boolean, code: string, stderr: string, status: number }} CliResult
 */

/** @returns {string} the CLI's path: `PARANOID_BIN`, else the workspace's release build. */
export function paranoidBin() {
  const bin = process.env.PARANOID_BIN || path.join(REPO_ROOT, 'target', 'release', 'paranoid');
  if (!existsSync(bin)) {
    throw new Error(`paranoid CLI not found at ${bin}: build it (cargo build --release) or set PARANOID_BIN`);
  }
  return bin;
}

/**
 * @param {string[]} args
 * @param {string} [input] stdin
 * @returns {CliResult}
 */
function runCli(args, input) {
  try {
    const code = execFileSync(paranoidBin(), args, {
      input: input ?? '',
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
    });
    return { ok: true, code, stderr: '', status: 0 };
  } catch (error) {
    // A spawn failure or a death by signal (abort, stack overflow) is no verdict on the input:
    // let it surface as a crash instead of passing for a rejection.
    if (typeof error?.status !== 'number') throw error;
    return { ok: false, code: String(error.stdout ?? ''), stderr: String(error.stderr ?? ''), status: error.status };
  }
}

/**
 * `paranoid transpile - [--es LEVEL] [--userscript]` with `source` on stdin.
 * @param {string} source a classic script
 * @param {{ es?: string, userscript?: boolean }} [options] `es`: the syntax level, e.g. `es5`,
 *   `es2015` … `es2026`; `userscript`: read as a userscript's code, run wrapped in a function
 * @returns {CliResult}
 */
export function transpile(source, { es, userscript = false } = {}) {
  const args = ['transpile', '-'];
  if (es !== undefined) args.push('--es', es);
  if (userscript) args.push('--userscript');
  return runCli(args, source);
}

/**
 * `paranoid function --kind KIND ARG...`: code of one function expression, as
 * `new Function(...args)` would build it (the last argument is the body).
 * @param {FunctionKind} kind
 * @param {string[]} args parameter strings, then the body
 * @returns {CliResult}
 */
export function compileFunction(kind, args) {
  // `--` so that a parameter or body starting with `--` is never read as an option.
  return runCli(['function', '--kind', kind, '--', ...args]);
}
