// fidelity: well-known symbols: Symbol.toPrimitive, toStringTag, hasInstance, isConcatSpreadable, Symbol.for registry, description
// expect: {"primitive":[42,"forty-two","default"],"tag":"[object Tagged]","hasInstance":[true,false],"concat":[1,"x","y"],"registry":true,"keyFor":"k","description":"desc","str":"Symbol(desc)","unique":false,"typeofSym":"symbol","symbolKeys":1,"jsonSkips":"{\"k\":2}"}
var __result;
__result = (function () {
  var money = { [Symbol.toPrimitive]: function (hint) { return hint === 'number' ? 42 : hint === 'string' ? 'forty-two' : 'default'; } };
  class Tagged { get [Symbol.toStringTag]() { return 'Tagged'; } }
  class Even { static [Symbol.hasInstance](n) { return n % 2 === 0; } }
  var spreadable = { length: 2, 0: 'x', 1: 'y', [Symbol.isConcatSpreadable]: true };
  var s = Symbol('desc');
  return {
    primitive: [+money, String(money), money + ''], tag: Object.prototype.toString.call(new Tagged()), hasInstance: [2 instanceof Even, 3 instanceof Even],
    concat: [1].concat(spreadable), registry: Symbol.for('k') === Symbol.for('k'), keyFor: Symbol.keyFor(Symbol.for('k')),
    description: s.description, str: s.toString(), unique: Symbol('a') === Symbol('a'), typeofSym: typeof s,
    symbolKeys: Object.getOwnPropertySymbols({ [s]: 1 }).length, jsonSkips: JSON.stringify({ [s]: 1, k: 2 }),
  };
})();
