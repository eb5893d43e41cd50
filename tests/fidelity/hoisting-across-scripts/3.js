// fidelity: script 3 of hoisting-across-scripts: collects what scripts 1 and 2 left on the global
// expect: {"early":"function","counter":2,"beforeOwnVar":"undefined:undefined","beforeOwnFn":"hoisted in script 2","sawLaterFnFirst":"from script 2","laterFnNow":"from script 2","onlyInOne":"one","onGlobal":[true,"function",true],"varNotDeletable":false,"functionNotDeletable":false}
var __result = {
  early: early,
  counter: counter,
  beforeOwnVar: beforeOwnVar,
  beforeOwnFn: beforeOwnFn,
  sawLaterFnFirst: sawLaterFnFirst,
  laterFnNow: laterFn(),
  onlyInOne: onlyInOne(),
  onGlobal: [globalThis.counter === counter, typeof globalThis.ownFn, 'ownVar' in globalThis],
  varNotDeletable: Reflect.deleteProperty(globalThis, 'counter'),
  functionNotDeletable: Reflect.deleteProperty(globalThis, 'onlyInOne'),
};
