// fidelity: string methods and unicode: code points and surrogates, normalize, padStart/padEnd, repeat, replaceAll, at, trim, localeCompare-free comparisons
// expect: {"length":4,"codePoints":3,"codePointAt":128512,"charCodeAt":55357,"fromCodePoint":true,"normalize":[1,2],"pad":["005","ab-=-"],"repeat":"ababab","replaceAll":"a/b/c","at":["c",null],"trim":["x","x","x"],"case":[2,"SS"],"split":["a","b",""],"includes":[true,true],"escapes":["A",true,"a%20b%26%C3%A9","😀","a%20b","A"],"compare":[true,true,true]}
var __result;
__result = (function () {
  var s = 'a😀é';
  return {
    length: s.length, codePoints: [...s].length, codePointAt: s.codePointAt(1), charCodeAt: s.charCodeAt(1), fromCodePoint: String.fromCodePoint(0x1F600) === '😀',
    normalize: ['e\u0301'.normalize('NFC').length, 'é'.normalize('NFD').length],
    pad: ['5'.padStart(3, '0'), 'ab'.padEnd(5, '-=')], repeat: 'ab'.repeat(3), replaceAll: 'a.b.c'.replaceAll('.', '/'),
    at: ['abc'.at(-1), 'abc'.at(5)], trim: ['  x  '.trim(), '  x'.trimStart(), 'x  '.trimEnd()],
    case: ['İ'.toLowerCase().length, 'ß'.toUpperCase()], split: 'a,b,,c'.split(',', 3), includes: ['hello'.includes('ell'), 'hello'.startsWith('lo', 3)],
    escapes: ['\x41', '\u{1F600}' === '😀', encodeURIComponent('a b&é'), decodeURIComponent('%F0%9F%98%80'), escape('a b'), unescape('%41')],
    compare: ['a' < 'b', 'B' < 'a', '10' < '9'],
  };
})();
