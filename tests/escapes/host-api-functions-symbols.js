// probe: functions, symbols, BigInts, WeakMaps, class instances and getters as arguments to every host function; does the host call back, with what?
// category: host-api
// applies: 1,2
// expect: stopped
// prelude: escapes/prelude/host-api-helpers.js
// Why it could escape: values that cannot be cloned make a host take shortcuts (keep a reference, call back with host objects as this or arguments).
var __probe;
if (typeof paranoid !== 'object' && typeof paranoid !== 'function') {
  __probe = { escaped: false, detail: 'no host api' };
} else {
  try {
    var called = 0;
    function back() {
      called++;
      scan(this, 'callback this', 1);
      for (var i = 0; i < arguments.length; i++) scan(arguments[i], 'callback arg ' + i, 2);
      return back;
    }
    class Thing { constructor() { this.t = 1; } get g() { return back; } }
    var args = [[back], [Symbol('s')], [10n], [new WeakMap()], [new Thing()], [{ get h() { called++; return back; } }], [Object.create(null)], ['key', back], [async function () { return 1; }], [function* () { yield 1; }]];
    var fns = hostFunctions();
    var pending = fns.map(function (entry) { return callAll(entry.fn, entry.path, args); });
    Promise.all(pending).then(function () { notes.push('callbacks run: ' + called); finish(); }, finish);
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
}
