// level: es2026
// why: what both browsers ship past ES2023, at the levels that bring it
// output-includes: using x=
// output-includes: await using y=
// output-includes: /[\p{L}--[a-z]]/v
function f() {
  using x = { [Symbol.dispose]() {} };
  return x;
}
async function g() {
  await using y = null;
  for (using z of []) {}
}
var dup = /(?<y>a)|(?<y>b)/;
var modifiers = /(?i:a)b/;
var sets = /[\p{L}--[a-z]]/v;
