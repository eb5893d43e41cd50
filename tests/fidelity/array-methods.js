// fidelity: Array methods: map/filter/reduce, sort (stable, comparator), flat/flatMap, at, findLast, includes with NaN, copyWithin/fill, toSorted/toReversed/with, Array.from/of
// expect: {"stableSort":["a","d","b","c"],"defaultSort":[1,10,2,5],"numericSort":[1,2,5,10],"reduce":18,"reduceRight":"cba","flat":[1,2,3,[4]],"flatMap":[1,10,2,20],"at":[2,5],"findLast":2,"findLastIndex":-1,"includesNaN":true,"indexOfNaN":-1,"copyWithin":[4,5,3,4,5],"fill":[0,0,0],"toSorted":[1,10,2,5],"toReversed":[2,10,1,5],"with":[99,1,10,2],"unchanged":[5,1,10,2],"from":[0,1,4],"of":[7,8],"entries":[[0,"x"],[1,"y"]],"every":[true,false],"join":"1---2,3","holes":2}
var __result;
__result = (function () {
  var people = [{ n: 'b', a: 2 }, { n: 'a', a: 1 }, { n: 'c', a: 2 }, { n: 'd', a: 1 }];
  var sorted = people.slice().sort(function (x, y) { return x.a - y.a; }).map(function (p) { return p.n; });
  var nums = [5, 1, 10, 2];
  return {
    stableSort: sorted, defaultSort: nums.slice().sort(), numericSort: nums.slice().sort(function (a, b) { return a - b; }),
    reduce: nums.reduce(function (a, b) { return a + b; }), reduceRight: ['a', 'b', 'c'].reduceRight(function (a, b) { return a + b; }),
    flat: [1, [2, [3, [4]]]].flat(2), flatMap: [1, 2].flatMap(function (x) { return [x, x * 10]; }),
    at: [nums.at(-1), nums.at(0)], findLast: nums.findLast(function (x) { return x < 5; }), findLastIndex: nums.findLastIndex(function (x) { return x > 100; }),
    includesNaN: [NaN].includes(NaN), indexOfNaN: [NaN].indexOf(NaN),
    copyWithin: [1, 2, 3, 4, 5].copyWithin(0, 3), fill: new Array(3).fill(0),
    toSorted: nums.toSorted(), toReversed: nums.toReversed(), with: nums.with(0, 99), unchanged: nums,
    from: Array.from({ length: 3 }, function (_, i) { return i * i; }), of: Array.of(7, 8),
    entries: [...['x', 'y'].entries()], every: [[].every(Boolean), [0].some(Boolean)],
    join: [1, null, undefined, [2, 3]].join('-'), holes: [, 1].length,
  };
})();
