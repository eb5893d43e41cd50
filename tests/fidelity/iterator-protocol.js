// fidelity: hand-written Symbol.iterator objects: for-of, spread, destructuring and Array.from use them; break and destructuring call return()
// expect: {"seen":[0,1],"afterBreak":["next","next","return"],"x":0,"y":1,"afterDestructure":["next","next","return"],"spread":[0,1,2],"from":[0,1,4],"mapFromIterable":[[1,"a"]],"stringIterator":"function","arrayIteratorTag":"[object Array Iterator]"}
var __result;
__result = (function () {
  var log = [];
  function range(n) {
    var obj = {};
    obj[Symbol.iterator] = function () {
      var i = 0;
      return {
        next: function () { log.push('next'); return i < n ? { value: i++, done: false } : { value: undefined, done: true }; },
        return: function () { log.push('return'); return { done: true }; },
      };
    };
    return obj;
  }
  var seen = [];
  for (var v of range(5)) { seen.push(v); if (v === 1) break; }
  var afterBreak = log.slice();
  log.length = 0;
  var [x, y] = range(10);
  var afterDestructure = log.slice();
  return {
    seen: seen, afterBreak: afterBreak, x: x, y: y, afterDestructure: afterDestructure,
    spread: [...range(3)], from: Array.from(range(3), function (n) { return n * n; }),
    mapFromIterable: [...new Map([[1, 'a']]).entries()],
    stringIterator: typeof ''[Symbol.iterator], arrayIteratorTag: Object.prototype.toString.call([][Symbol.iterator]()),
  };
})();
