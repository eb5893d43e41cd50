// probe: cyclic objects, a 100 000-element array, 5 000-deep nesting and a 1 MB string passed to every host function
// category: host-api
// applies: 1,2
// expect: stopped
// prelude: escapes/prelude/host-api-helpers.js
// Why it could escape: a host serialiser that overflows or loops may fail with an error object of its own realm, or leak half-built host values.
var __probe;
if (typeof paranoid !== 'object' && typeof paranoid !== 'function') {
  __probe = { escaped: false, detail: 'no host api' };
} else {
  try {
    var cyclic = { name: 'c' }; cyclic.self = cyclic; cyclic.list = [cyclic];
    var big = new Array(100000).fill(7);
    var deep = {}; var cur = deep; for (var i = 0; i < 5000; i++) { cur.d = {}; cur = cur.d; }
    var longString = 'x'.repeat(1 << 20);
    var fns = hostFunctions();
    var pending = fns.map(function (entry) {
      return callAll(entry.fn, entry.path, [[cyclic], [big], [deep], [longString], ['key', cyclic]]);
    });
    Promise.all(pending).then(finish, finish);
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
}
