// The kernel's lint rule (tools/eslint/captured-calls.mjs): each way a kernel line could reach a
// method that untrusted code replaced is reported, and the captured forms pass.
import { describe, it } from 'node:test';
import { RuleTester } from '../../node_modules/eslint/lib/api.js';
import rule from '../../../tools/eslint/captured-calls.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { sourceType: 'script', ecmaVersion: 'latest' } });
const records = [{ records: ['clock'] }];

tester.run('captured-calls', rule, {
  valid: [
    // Calls through the commons record and of plain identifiers.
    { code: 'c.apply(c.push, list, [x]);' },
    { code: 'const e = c.construct(c.Error, ["no"]); throw e;' },
    { code: 'new c.TypeError("bad");' },
    { code: 'helper(1, 2);' },
    { code: 'c.nested.deep(1);' },
    { code: 'c.apply(c.arrayJoin, list, [","]);' },
    { code: 'c.apply(callback, undefined, []);' },
    // A function the kernel stored on its own record: the call is the point.
    { code: 'c.apply(entry.handler, undefined, entry.args);' },
    { code: 'c.apply(listeners[i], undefined, [data]);' },
    // A record named in the options.
    { code: 'clock.instant();', options: records },
    // Object spread copies own properties: no iterator runs.
    { code: 'const o = { __proto__: null, ...base };' },
    // Rest parameters build a fresh array without the iteration protocol.
    { code: 'function f(...args) { return args.length; }' },
    // Object destructuring reads properties: no iterator.
    { code: 'const { a, b } = record;' },
    { code: 'for (let i = 0; i < list.length; i++) use(list[i]);' },
  ],
  invalid: [
    { code: 'list.push(1);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: '"a,b".split(",");', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'fn.call(undefined, 1);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'g.Reflect.apply(f, t, a);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'maybe?.then(ok);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'x[key](1);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: '(0, list.join)(",");', errors: [{ messageId: 'polymorphicCall' }] },
    // A method read off an object now and handed to the captured apply is not a capture.
    { code: 'c.apply(list.join, list, [","]);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'c.construct(g.Error, ["x"]);', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'new g.Error("x");', errors: [{ messageId: 'polymorphicCall' }] },
    { code: 'obj.tag`text`;', errors: [{ messageId: 'polymorphicCall' }] },
    // A record not named in the options is not trusted.
    { code: 'clock.instant();', errors: [{ messageId: 'polymorphicCall' }] },
    // The iteration protocol, in each of its spellings.
    { code: 'for (const x of list) use(x);', errors: [{ messageId: 'iteration' }] },
    { code: 'const copy = [...list];', errors: [{ messageId: 'iteration' }] },
    { code: 'f(...list);', errors: [{ messageId: 'iteration' }] },
    { code: 'const [a, b] = pair;', errors: [{ messageId: 'iteration' }] },
    { code: 'function* g() { yield* inner; }', errors: [{ messageId: 'iteration' }] },
  ],
});
