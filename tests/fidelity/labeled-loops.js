// fidelity: labeled break and continue across nested loops and a labeled block
// expect: {"pairs":["00","01","10","11","20","21"],"blockLog":["in block"],"whileCount":4}
var __result;
__result = (function () {
  var pairs = [];
  outer: for (var i = 0; i < 4; i++) {
    inner: for (var j = 0; j < 4; j++) {
      if (j === 2) continue outer;
      if (i === 3) break outer;
      pairs.push(i + '' + j);
    }
  }
  var blockLog = [];
  block: {
    blockLog.push('in block');
    if (pairs.length) break block;
    blockLog.push('never');
  }
  var whileCount = 0;
  loop: while (true) { do { whileCount++; if (whileCount > 3) break loop; } while (true); }
  return { pairs: pairs, blockLog: blockLog, whileCount: whileCount };
})();
