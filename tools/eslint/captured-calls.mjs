// The kernel's rule, checked before it runs: after untrusted code starts, the kernel calls
// nothing it did not capture first (sandbox-page/kernel/commons.js). Untrusted code shares the
// worker's realm and may replace any method on any prototype, so a call `x.m()` looks `m` up on
// whatever `x` inherits from at the time of the call: a polymorphic call (the name is Endo's, whose
// `no-polymorphic-call` rule this follows). The iteration protocol is the same hazard in
// disguise: `for (… of …)`, `[...x]`, `f(...x)` and `const [a] = x` all call
// `Array.prototype[Symbol.iterator]`, which a script can replace.
//
// Allowed: calls through a record the kernel built with a null prototype and never hands out
// (`c`, the captured commons, and the names in the `records` option), and calls of plain
// identifiers (captured functions, local helpers). Everything else is reported; a call that
// provably runs before untrusted code (the boot) says so in an `eslint-disable-next-line`
// comment with the reason.

/**
 * Names whose lookup reaches what untrusted code can replace: every property of a built-in
 * prototype, and every global (`g.Error`), from the realm ESLint runs in.
 */
const REPLACEABLE = new Set(Object.getOwnPropertyNames(globalThis));
for (const C of [Object, Function, Array, String, Number, Boolean, Symbol, BigInt, Promise, RegExp, Date, Map, Set,
  WeakMap, WeakSet, Error, ArrayBuffer, DataView, Object.getPrototypeOf(Uint8Array)]) {
  for (const key of Object.getOwnPropertyNames(C.prototype)) REPLACEABLE.add(key);
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'in the kernel, allow only calls of captured functions' },
    schema: [{
      type: 'object',
      properties: { records: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    }],
    messages: {
      polymorphicCall: 'polymorphic call "{{hint}}": call a captured function through `c.apply` or a null-prototype record',
      iteration: '{{what}} uses the iteration protocol, which untrusted code can replace: index the array instead',
    },
  },
  create(context) {
    const records = new Set(['c', ...((context.options[0] ?? {}).records ?? [])]);
    const rootName = (node) => {
      while (node.type === 'MemberExpression') node = node.object;
      return node.type === 'Identifier' ? node.name : null;
    };
    const hint = (node) => context.sourceCode.getText(node).slice(0, 60);
    // `(0, x.m)()` and `x?.m()` look `m` up just as `x.m()` does.
    const unwrap = (node) => {
      for (;;) {
        if (node.type === 'ChainExpression') node = node.expression;
        else if (node.type === 'SequenceExpression') node = node.expressions[node.expressions.length - 1];
        else return node;
      }
    };
    const trusted = (member) => records.has(rootName(member));
    const checkCallee = (node) => {
      const callee = unwrap(node.callee);
      if (callee.type === 'MemberExpression' && !trusted(callee)) {
        context.report({ node, messageId: 'polymorphicCall', data: { hint: hint(callee) } });
        return;
      }
      // `c.apply(x.join, x, [])` calls what `x.join` is now, not what was captured. Only names
      // that a built-in prototype or the global defines are reported here: `c.apply(entry.handler, …)` calls
      // a function the kernel stored on its own record, which is the point.
      const isApply = callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' &&
        (callee.property.name === 'apply' || callee.property.name === 'construct');
      const target = isApply && node.arguments.length > 0 ? unwrap(node.arguments[0]) : null;
      if (target !== null && target.type === 'MemberExpression' && !target.computed && !trusted(target) &&
        REPLACEABLE.has(target.property.name)) {
        context.report({ node, messageId: 'polymorphicCall', data: { hint: hint(target) } });
      }
    };
    return {
      CallExpression: checkCallee,
      NewExpression: checkCallee,
      TaggedTemplateExpression(node) {
        const tag = unwrap(node.tag);
        if (tag.type === 'MemberExpression' && !trusted(tag)) {
          context.report({ node, messageId: 'polymorphicCall', data: { hint: hint(tag) } });
        }
      },
      ForOfStatement(node) { context.report({ node, messageId: 'iteration', data: { what: 'for…of' } }); },
      SpreadElement(node) {
        // Object spread copies own properties and runs no iterator.
        if (node.parent.type === 'ObjectExpression') return;
        context.report({ node, messageId: 'iteration', data: { what: 'spread' } });
      },
      ArrayPattern(node) { context.report({ node, messageId: 'iteration', data: { what: 'array destructuring' } }); },
      YieldExpression(node) {
        if (node.delegate) context.report({ node, messageId: 'iteration', data: { what: 'yield*' } });
      },
    };
  },
};
