// level: es5
// why: everything ES5 strict code may use
var a = 1, b = "s", c = 0xff, d = 1.5e3, e = .5, g = /a[b-c]+\/x/gim, h = null, i = true;
function fn(x, y) { return x + y; }
var expr = function named() { return named; };
var o = {
  p: 1,
  "q": 2,
  3: 4,
  get r() { return this.p; },
  set r(v) { this.p = v; },
  "if": 5,
  default: 6
};
o.if = o["default"];
label: for (var k in o) { if (k) continue label; else break label; }
outer: while (a) { inner: do { break outer; } while (false); }
switch (a) { case 1: b = "one"; break; default: b = "other"; }
try { throw new Error("x"); } catch (err) { a = err; } finally { a = 2; }
a = typeof b, void 0, delete o.p, b in o, o instanceof Object;
a = a ? b : c;
a += 1; a -= 1; a *= 2; a /= 2; a %= 3; a <<= 1; a >>= 1; a >>>= 1; a &= 1; a |= 1; a ^= 1;
a++; --a; a = -a; a = +a; a = ~a; a = !a;
a = a === b || a !== b && a == b | a != b ^ a < b & a > b;
var arr = [1, , 3];
var ne = new Date();
debugger;
;
