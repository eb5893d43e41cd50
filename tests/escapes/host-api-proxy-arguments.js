// probe: Proxy arguments to every host function, recording which traps fire and with what (a receiver or target the host supplies)
// category: host-api
// applies: 1,2
// expect: stopped
// prelude: escapes/prelude/host-api-helpers.js
// Why it could escape: a host that inspects a proxy hands its traps its own objects as receiver, or trips over it into an error from another realm.
var __probe;
if (typeof paranoid !== 'object' && typeof paranoid !== 'function') {
  __probe = { escaped: false, detail: 'no host api' };
} else {
  try {
    var fired = {};
    var inTrap = false;
    function spy(target) {
      var handler = {};
      ['get', 'set', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'defineProperty', 'deleteProperty', 'apply', 'construct', 'isExtensible', 'preventExtensions', 'setPrototypeOf'].forEach(function (trap) {
        handler[trap] = function () {
          if (!inTrap) {
            inTrap = true;
            try {
              fired[trap] = (fired[trap] || 0) + 1;
              for (var i = 1; i < arguments.length; i++) if (arguments[i] !== proxy) scan(arguments[i], 'trap ' + trap + ' arg ' + i, 1);
            } finally { inTrap = false; }
          }
          return Reflect[trap].apply(Reflect, arguments);
        };
      });
      var proxy = new Proxy(target, handler);
      return proxy;
    }
    var fns = hostFunctions();
    var pending = fns.map(function (entry) {
      return callAll(entry.fn, entry.path, [[spy({ a: 1, nested: { b: 2 } })], [spy([1, 2, 3])], [spy(function () { return 1; })], ['key', spy({ value: 'v' })]]);
    });
    Promise.all(pending).then(function () { notes.push('traps fired: ' + JSON.stringify(fired)); finish(); }, finish);
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
}
