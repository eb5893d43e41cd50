// expect: above-level
// construct: ArraySpread
// level: es5
f(...args);
