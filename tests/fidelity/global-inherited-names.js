// fidelity: what a browser's global inherits from Object.prototype, called bare as Babel standalone and older libraries do (hasOwnProperty.call, toString.call, propertyIsEnumerable.call), and found with `in` on the global
// expect: [true,false,"[object Array]",true,"function",true,true]
var __result;
__result = [
  hasOwnProperty.call({ a: 1 }, 'a'),
  hasOwnProperty.call({}, 'a'),
  toString.call([]),
  propertyIsEnumerable.call({ b: 1 }, 'b'),
  typeof valueOf,
  'isPrototypeOf' in globalThis,
  typeof toLocaleString === 'function',
];
