// fidelity: regular expressions: named groups, $<name> replacement, matchAll, lookbehind, sticky and dotAll flags, match indices (d)
// expect: {"groups":{"year":"2024","month":"03","day":"15"},"swapped":"15/03/2024","fnReplaced":"a[1]b[2]c[3]","all":["x1","y22"],"behind":["42","7"],"sticky":[true,6],"dotAll":true,"indices":[[1,3],[2,3]],"split":["a","b","c",""],"unicode":true,"flags":"gimsuy"}
var __result;
__result = (function () {
  var re = /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/;
  var m = '2024-03-15'.match(re);
  var swapped = '2024-03-15'.replace(re, '$<day>/$<month>/$<year>');
  var fnReplaced = 'a1b22c333'.replace(/\d+/g, function (d) { return '[' + d.length + ']'; });
  var all = [...'x=1, y=22'.matchAll(/(?<k>\w)=(?<v>\d+)/g)].map(function (x) { return x.groups.k + x.groups.v; });
  var behind = 'price: $42, cost: $7'.match(/(?<=\$)\d+/g);
  var sticky = /foo/y;
  sticky.lastIndex = 3;
  var dotAll = /a.b/s.test('a\nb');
  var indices = /b(?<c>c)/d.exec('abc').indices;
  return {
    groups: { year: m.groups.year, month: m.groups.month, day: m.groups.day }, swapped: swapped, fnReplaced: fnReplaced,
    all: all, behind: behind, sticky: [sticky.test('barfoo'), sticky.lastIndex], dotAll: dotAll,
    indices: [indices[0], indices.groups.c], split: 'a1b2c3'.split(/\d/), unicode: /\p{Lu}/u.test('É'), flags: /x/gimsuy.flags,
  };
})();
