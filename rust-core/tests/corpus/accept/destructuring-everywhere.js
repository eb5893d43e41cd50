// level: es2018
var { a, b: { c = 1, ...restObj }, d: [e, , f = 2, ...restArr] = [], ['k' + 1]: g } = src;
let [h, [i, { j }]] = src;
const { length } = "abc";
function params({ a, b = 1 }, [c, d] = [], ...{ length: n }) {}
var arrow = ({ x }, [y]) => x + y;
for (var { m, n: o } of list) {}
for (let [p, q] of map) {}
for (const { r } in obj) {}
try {} catch ({ message, stack: [first] }) {}
({ a, b: { c } } = src);
[a, [b.c, d[0]], ...e.f] = src;
({ x: obj.p, y: obj['q'] = 1, ...obj.rest } = src);
