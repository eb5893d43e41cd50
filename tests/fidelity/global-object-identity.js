// fidelity: window, self and globalThis are one object; top-level this (and this in a top-level arrow) is that object
// expect: {"windowIsGlobalThis":true,"selfIsGlobalThis":true,"thisIsGlobalThis":true,"topThis":true,"arrowThis":true,"nested":true,"typeofGlobalThis":"object"}
var __result;
var topThis = this;
var arrowThis = (() => this)();
__result = {
  windowIsGlobalThis: window === globalThis,
  selfIsGlobalThis: self === globalThis,
  thisIsGlobalThis: this === globalThis,
  topThis: topThis === globalThis,
  arrowThis: arrowThis === globalThis,
  nested: globalThis.globalThis === globalThis && window.window === window && self.self === self,
  typeofGlobalThis: typeof globalThis,
};
