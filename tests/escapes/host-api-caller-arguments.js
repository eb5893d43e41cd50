// probe: caller/arguments of every host function, before and during a call (from inside a callback the host runs)
// category: host-api
// applies: 1,2
// expect: stopped
// prelude: escapes/prelude/host-api-helpers.js
// Why it could escape: a sloppy host function on the stack answers `.caller` with its own caller, a host function.
var __probe;
if (typeof paranoid !== 'object' && typeof paranoid !== 'function') {
  __probe = { escaped: false, detail: 'no host api' };
} else {
  try {
    var fns = hostFunctions();
    var pending = [];
    fns.forEach(function (entry) {
      ['caller', 'arguments'].forEach(function (k) {
        try { scan(entry.fn[k], entry.path + '.' + k, 1); if (typeof entry.fn[k] === 'function') hits.push(entry.path + '.' + k + ' is a function'); } catch (e) { notes.push(entry.path + '.' + k + ' threw ' + e.name); }
      });
      var callback = function () {
        scan(this, entry.path + ' callback this', 1);
        for (var i = 0; i < arguments.length; i++) scan(arguments[i], entry.path + ' callback arg ' + i, 2);
        try { var c = entry.fn.caller; if (typeof c === 'function') hits.push(entry.path + '.caller during the call is a function'); } catch (e) { /* strict or poisoned */ }
        return 'from the sandbox';
      };
      pending.push(callAll(entry.fn, entry.path, [[callback], ['x', callback], [{ handler: callback, onload: callback }]]));
    });
    notes.push(fns.length + ' host functions');
    Promise.all(pending).then(finish, finish);
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
}
