'use strict';
// Threat: `eval` runs text as code. The real one is deleted from the worker (and the CSP has no
// 'unsafe-eval'), but libraries reach for a global eval as a value (`(0, eval)('this')` to
// find the global object; `window.eval(src)`), and fail at load without one. A direct
// `eval(…)` call is refused by the vetter: its text would see the caller's local variables,
// which a stand-in cannot give. The stand-in is an indirect eval, exactly as much power as
// `Function` already is:
// 1. Only a string is code; anything else is returned as it is (PerformEval, step 2).
// 2. The text goes through the core's eval entry: vetted and transpiled as a global script
//    (its declarations and free names through the stand-in scope), in the calling turn, so its
//    CPU is the sandbox's, like a `Function` call's.
// 3. Refused text throws a SyntaxError of the sandbox's realm naming the first diagnostic;
//    nothing of it runs.
// 4. The output hands each completion value to `__paranoid_rt__.evalValue` (`completion`
//    here); the stand-in keeps the last one of its own call, saving and restoring the value of
//    an eval that called it (nested evals).
// 5. The stand-in is a plain function named `eval` of length 1, not a constructor.
// Spec: ECMA-262 §19.2.1 (eval), §19.2.1.1 (PerformEval), §13.3.6.1 (what makes a call direct).

/**
 * @param {any} c captured commons
 * @param {(source: string) => { ok: boolean, code?: string, diagnostics: any[] }} transpile the
 *   core's eval entry at the sandbox's level; null when the transpiler layer is off
 * @param {(code: string) => void} load runs transpiled code (the loader's)
 * @returns {{ eval: Function, completion: (value: any) => any }}
 */
function makeEval(c, transpile, load) {
  let value;
  const standIn = {
    eval(x) {
      if (typeof x !== 'string') return x;
      if (transpile === null) throw c.construct(c.Error, ['the transpiler layer is off: no eval']);
      const out = transpile(x);
      if (!out.ok) {
        const d = out.diagnostics[0];
        throw c.construct(c.SyntaxError, [d === undefined ? 'the text was refused' : `${d.message} (${d.code})`]);
      }
      const outer = value;
      value = undefined;
      try {
        load(out.code);
        return value;
      } finally {
        value = outer;
      }
    },
  }.eval;
  return c.freeze({
    __proto__: null,
    eval: standIn,
    /** `__paranoid_rt__.evalValue`: a completion value of the text being evaluated. */
    completion(v) { value = v; return v; },
  });
}
