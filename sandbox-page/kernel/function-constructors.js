'use strict';
// Threat: the four function constructors (Function, AsyncFunction, GeneratorFunction,
// AsyncGeneratorFunction) compile source text at run time. Reachable from any function through
// `.constructor`, they would run text the transpiler never saw. (Without 'unsafe-eval' the real
// ones throw EvalError, but the layers must hold on their own.)
// 1. One stand-in per kind hands its arguments, converted to strings as the spec does, to the
//    core's Function entry, which parses parameters and body separately (CreateDynamicFunction).
// 2. The output is loaded with the kernel's captured `importScripts` (loader.js) and hands a
//    factory of the function over through `__paranoid_rt__.functionResult` (kept per text by
//    function-cache.js); no eval anywhere.
// 3. Each prototype's `constructor` is redefined to the stand-in and frozen (non-writable,
//    non-configurable), and each stand-in's `prototype` is the real prototype, so `instanceof`
//    and `class extends Function` behave.
// Spec: ECMA-262 §20.2.1.1.1 (CreateDynamicFunction), §27.3 – §27.7.

/**
 * @param {any} c captured commons
 * @param {(kind: string, parts: any) => Function} compile transpiles and loads; throws SyntaxError
 * @param {boolean} replaceConstructors step 3 (layer 2's part); the stand-in `Function` of the
 *   scope (step 1, layer 3's part) is made either way
 * @returns {{ Function: Function }} the stand-in for `Function`, for the scope
 */
function tameFunctionConstructors(c, compile, replaceConstructors) {
  const kind = (name, constructorName, prototype) => ({ __proto__: null, name, constructorName, prototype });
  const kinds = [
    kind('normal', 'Function', c.FunctionPrototype),
    kind('async', 'AsyncFunction', c.getPrototypeOf(async function () {})),
    kind('generator', 'GeneratorFunction', c.getPrototypeOf(function* () {})),
    kind('async-generator', 'AsyncGeneratorFunction', c.getPrototypeOf(async function* () {})),
  ];
  const standIns = c.create(null);
  for (let k = 0; k < kinds.length; k++) {
    const { name: kindName, constructorName: name, prototype } = kinds[k];
    // A plain function expression: callable and constructible, with `new.target` to hand.
    const standIn = function (...args) {
      // Strings first, in order, as the spec's ToString calls; then nothing of `args` is read.
      const parts = c.create(null);
      let length = 0;
      for (let i = 0; i < args.length; i++) parts[length++] = `${args[i]}`;
      if (length === 0) parts[length++] = '';
      parts.length = length;
      const fn = compile(kindName, parts);
      // `class F extends Function {}` then `new F(…)`: the function inherits F.prototype.
      if (new.target !== undefined && new.target !== standIn) {
        const proto = new.target.prototype;
        if (c.isObject(proto)) c.setPrototypeOf(fn, proto);
      }
      return fn;
    };
    c.defineProperty(standIn, 'name', { __proto__: null, value: name, writable: false, enumerable: false, configurable: true });
    c.defineProperty(standIn, 'length', { __proto__: null, value: 1, writable: false, enumerable: false, configurable: true });
    c.defineProperty(standIn, 'prototype', { __proto__: null, value: prototype, writable: false, enumerable: false, configurable: false });
    standIns[kindName] = standIn;
  }
  for (let k = 0; replaceConstructors && k < kinds.length; k++) {
    c.defineProperty(kinds[k].prototype, 'constructor', { __proto__: null, value: standIns[kinds[k].name], writable: false, enumerable: false, configurable: false });
  }
  return c.freeze({ __proto__: null, Function: standIns.normal, all: standIns });
}
