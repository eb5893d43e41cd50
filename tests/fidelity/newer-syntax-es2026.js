// fidelity: what both browsers ship past ES2023, at the level that brings it: `using` disposes at the end of its block, in reverse order; the RegExp `v` flag's set difference, duplicate named groups, modifiers
// level: es2026
// expect: {"log":"in,b,out,a","dup":"b","sets":true,"mod":true,"stack":"second,first"}
var __result = (function () {
  var log = [];
  function use() {
    using a = { [Symbol.dispose]() { log.push('a'); } };
    {
      using b = { [Symbol.dispose]() { log.push('b'); } };
      log.push('in');
    }
    log.push('out');
  }
  use();
  var order = [];
  (function () {
    using stack = new DisposableStack();
    stack.defer(function () { order.push('first'); });
    stack.defer(function () { order.push('second'); });
  })();
  var m = /(?<y>a)|(?<y>b)/.exec('b');
  var sets = /[\p{L}--[a-z]]/v.test('A') && !/[\p{L}--[a-z]]/v.test('a');
  var mod = /(?i:a)b/.test('Ab') && !/(?i:a)b/.test('AB');
  return { log: log.join(','), dup: m.groups.y, sets: sets, mod: mod, stack: order.join(',') };
})();
