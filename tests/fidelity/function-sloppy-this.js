// fidelity: a function made by Function is sloppy code: `Function('return this')()` is the global object (ejs, core-js and many UMD wrappers find it so), primitives are boxed, and "use strict" in the body, classes and strict callers keep a strict this
// expect: [true,"object",true,"undefined",true,true,"undefined"]
var __result;
var g = Function('return this')();
var boxed = Function('return typeof this').call(5);
var arrow = Function('var f = () => this; return f();')();
var strict = Function('"use strict"; return typeof this')();
var nested = Function('function inner() { return this; } return inner();')();
var method = Function('return this')();
var classThis = Function('class C { static m() { return typeof this.nope; } m2() { return this; } } return typeof new C().m2.call(undefined);')();
__result = [g === globalThis, boxed, arrow === globalThis, strict, nested === globalThis, method.Array === Array, classThis];
