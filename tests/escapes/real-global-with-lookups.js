// probe: `with` over a proxy that answers yes to every name, over the global and over a polluted Object.prototype: watch every name and receiver the lookups hand out, and what calls through it get as `this`
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: the transpiler rewrites `with` into lookups that the kernel's helpers make on the script's object; a lookup of one of the rewrite's own names, a receiver that is the scope object or a kernel helper, or a fallback that reaches past the stand-in scope would hand the script what the rewrite hides.
// note: `with (Function.prototype) constructor(…)` reaches the real Function where layers 1 and 2 are off, as `(function () {}).constructor` does: the function-constructor probes' matter.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__', '__paranoid_rt__', 'withHas', 'declareVars'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var hits = [];
var notes = [];
var seen = [];
function look(label, value) {
  // The spy answers yes to every name: it is the script's own object, no capability.
  if (value === spy) return;
  var c = capability(value);
  if (c) hits.push(label + ' -> ' + c);
}
var target = {};
var spy = new Proxy(target, {
  has: function (t, key) {
    seen.push(String(key));
    if (typeof key === 'string' && key.indexOf('__paranoid') === 0) hits.push('asked for ' + key);
    return typeof key === 'string' && key !== 'look' && key !== 'hits' && key !== 'notes' && key !== 'seen' && key !== 'spy';
  },
  get: function (t, key, receiver) {
    if (receiver !== spy) hits.push('get of ' + String(key) + ' with a foreign receiver');
    look('receiver of get', receiver);
    if (key === Symbol.unscopables) return undefined;
    return function () { look('this of a call', this); if (this !== spy) hits.push('a call through with got another this'); return this; };
  },
  set: function (t, key, value, receiver) {
    look('receiver of set', receiver);
    look('value set', value);
    return true;
  },
});
try {
  with (spy) {
    look('call', anything());
    look('tagged', anything`x`);
    look('read', importScripts);
    look('typeof', typeof postMessage === 'function' ? postMessage : null);
    written = 1;
    written += 1;
    [a1, a2] = [1, 2];
    for (k in { x: 1 });
  }
  // The global object: a name it lacks falls back to the scope, which lacks it too.
  with (globalThis) {
    try { look('importScripts via the global', importScripts); hits.push('importScripts resolved'); } catch (e) { notes.push('global: ' + e.name); }
    try { look('self', self); look('this', this); } catch (e) { notes.push('self threw ' + e.name); }
  }
  // A polluted Object.prototype: every object, the runtime's own, would inherit these.
  Object.prototype.__paranoid_probe = 1;
  Object.prototype.withHas = function () { hits.push('the kernel called a polluted withHas'); return true; };
  Object.prototype[Symbol.unscopables] = { hidden: true };
  var hidden = 'outer';
  with ({ hidden: 'object' }) {
    if (hidden !== 'outer') hits.push('unscopables from Object.prototype ignored');
  }
  delete Object.prototype.__paranoid_probe;
  delete Object.prototype.withHas;
  delete Object.prototype[Symbol.unscopables];
  // A local written inside the body goes through accessors of the rewrite's: can their holder be caught?
  (function () {
    var local = 0;
    var trap = new Proxy({}, { has: function () { return false; } });
    with (trap) { local = function () { return this; }; }
    look('this of a local set through with', local());
  })();
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') + ' | looked up: ' + seen.slice(0, 20).join(',') };
} catch (e) {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + 'threw: ' + e };
}
