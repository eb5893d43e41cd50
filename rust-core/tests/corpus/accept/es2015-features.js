// level: es2015
let l = 1;
const k = 2;
class Base { constructor(x) { this.x = x; } m() { return 1; } get g() { return 1; } set g(v) {} static s() {} }
class Derived extends Base { constructor() { super(1); } m() { return super.m() + 1; } }
var C = class Named {};
var arrow = (a, b) => a + b;
var arrowBody = () => { return this; };
function* gen() { yield 1; yield* [2, 3]; }
function defaults(a = 1, { b, c: [d] } = {}, ...rest) { return new.target; }
var spread = [...rest0, ...rest1];
f(...spread);
var shorthand = { l, k, [l + k]: 3, method() {}, get [k]() { return 1; }, *gen() {} };
var tpl = `a ${l} b ${`nested ${k}`}`;
var tagged = String.raw`x\ny`;
for (const x of spread) {}
for (let x in shorthand) {}
var [p, q = 2, ...r] = spread;
var { s, t: u = 1 } = shorthand;
[p, q] = [q, p];
({ s, t: u } = shorthand);
var bin = 0b1010, oct = 0o17, OCT = 0O7;
var re = /\u{61}/u, sticky = /a/y;
var cp = "\u{1F600}";
