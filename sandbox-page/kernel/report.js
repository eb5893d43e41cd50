'use strict';
// Threat: the host asks what a script left on its global (the values of names it chooses) and
// which globals the script reached for and did not find. Reading a value runs the sandbox's code
// (getters, `toJSON`, proxy traps), which may throw; its JSON may be huge; and a script can reach
// for endless names, each of any length.
// 1. Only own properties of the global the script saw (S; the real global with layer 3 off) are
//    read; each value is turned into JSON by the captured `JSON.stringify` inside a try. A throw
//    gives `{"unserialisable": why}`, JSON over `sandbox.reportLimit` characters gives
//    `{"unserialisable": "over … characters"}`, a name it does not have or a value with no JSON
//    gives null.
// 2. The names missing from the scope (scope.js tells of each lookup) are kept once each, in
//    order, the first `sandbox.missingKept`, each cut to `hostTextLimit`.
// 3. Nothing inherited is read or written: the values are a null-prototype record, and the lists
//    are filled by defining their elements.
// Spec: ECMA-262 §25.5.2 (JSON.stringify), §10.1.5 (own property lookups).

/**
 * @param {any} c captured commons
 * @param {{ sandbox: { reportLimit: number, missingKept: number } }} policy
 * @param {{ cut(text: string): string, describe(error: unknown): { message: string } }} hooks
 *   host-text.js's
 * @returns {{ noteMissing(key: string | symbol): void,
 *   answer(S: object, names: string[]): { values: object, missing: string[] } }}
 */
function makeReport(c, policy, hooks) {
  const append = (array, value) => c.reflectDefine(array, array.length, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  const REPORT_LIMIT = policy.sandbox.reportLimit;
  const MISSING_KEPT = policy.sandbox.missingKept;
  const missingSeen = c.create(null);
  const missingNames = [];
  const unserialisable = (why) => c.apply(c.jsonStringify, undefined, [{ __proto__: null, unserialisable: why }]);

  return c.freeze({
    __proto__: null,
    noteMissing(key) {
      if (typeof key !== 'string' || missingSeen[key] === true || missingNames.length >= MISSING_KEPT) return;
      missingSeen[key] = true;
      append(missingNames, hooks.cut(key));
    },
    answer(S, names) {
      const values = c.create(null);
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        let json = null;
        try {
          if (c.hasOwn(S, name)) {
            const text = c.apply(c.jsonStringify, undefined, [S[name]]);
            json = typeof text === 'string' && text.length <= REPORT_LIMIT ? text : null;
            if (typeof text === 'string' && text.length > REPORT_LIMIT) json = unserialisable(`over ${REPORT_LIMIT} characters`);
          }
        } catch (error) {
          json = unserialisable(hooks.cut(hooks.describe(error).message));
        }
        values[name] = json;
      }
      const missing = [];
      for (let i = 0; i < missingNames.length; i++) append(missing, missingNames[i]);
      return { __proto__: null, values, missing };
    },
  });
}
