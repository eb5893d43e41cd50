// probe: arguments with throwing getters and hostile toJSON/toString/valueOf; the errors that come back must be plain sandbox values
// category: host-api
// applies: 1,2
// expect: stopped
// prelude: escapes/prelude/host-api-helpers.js
// Why it could escape: an error raised inside the host (or the frame) and rethrown as is carries that realm's constructors.
var __probe;
if (typeof paranoid !== 'object' && typeof paranoid !== 'function') {
  __probe = { escaped: false, detail: 'no host api' };
} else {
  try {
    function Boom(what) { var e = new Error('boom from ' + what); e.marker = 'ours'; return e; }
    var thrower = Object.defineProperty({}, 'x', { get: function () { throw Boom('getter'); }, enumerable: true });
    var badJSON = { toJSON: function () { throw Boom('toJSON'); } };
    var weirdJSON = { toJSON: function () { return { toJSON: function () { return this; } }; } };
    var badString = { toString: function () { throw Boom('toString'); }, valueOf: function () { throw Boom('valueOf'); } };
    var primitiveThrow = { get y() { throw 42; } };
    var fns = hostFunctions();
    var pending = fns.map(function (entry) {
      return callAll(entry.fn, entry.path, [[thrower], [badJSON], [weirdJSON], [badString], ['key', badString], [primitiveThrow]]);
    });
    Promise.all(pending).then(finish, finish);
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
}
