// Shared by the host-API probes (tests/escapes/host-api-*.js), each of which names it in its
// `// prelude: escapes/prelude/host-api-helpers.js` header: the harness runs it first in the
// probe's own sandbox, as a script of its own, with the same layers, so the probe calls these.
// What the probe finds goes to `hits` (an escape) and `notes` (what happened); `finish()` turns
// them into the probe's `__probe`, which the probe declares (`var __probe;`).
var hits = [];
var notes = [];
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v && !(names[i] === 'postMessage' && apiChannel(v))) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
// The host API's own `postMessage`, given with the messages capability (a userscript's replica
// needs it), is the sandbox's channel, not the worker's: it takes JSON only, where the worker's
// would throw a DataCloneError for a function.
function apiChannel(v) {
  if (typeof paranoid !== 'object' || v !== paranoid || typeof v.onMessage !== 'function') return false;
  try { v.postMessage(function () {}); } catch (e) { return !!e && e.name !== 'DataCloneError'; }
  return false;
}
// The sandbox's own intrinsic prototypes: nothing to learn inside them (and scanning them is slow).
var localProtos = [Object.prototype, Function.prototype, Array.prototype, Promise.prototype, Error.prototype, Map.prototype, Set.prototype,
  WeakMap.prototype, RegExp.prototype, Date.prototype, String.prototype, Number.prototype, Symbol.prototype, BigInt.prototype];
var localCtors = [Function, Object.getPrototypeOf(async function () {}).constructor, Object.getPrototypeOf(function* () {}).constructor,
  Object.getPrototypeOf(async function* () {}).constructor];
// Why a value must not come out of the host API: another realm's object, a host object, or a way to the real global.
function foreign(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var c = capability(v);
  if (c) return 'has ' + c;
  try {
    var p = Object.getPrototypeOf(v), last = null, depth = 0;
    while (p !== null && depth < 32) { last = p; p = Object.getPrototypeOf(p); depth++; }
    if (last !== null && last !== Object.prototype) return 'its prototype chain ends outside this realm';
  } catch (e) { return ''; /* a proxy refusing to say is ours or harmless */ }
  if (typeof v === 'function') {
    var ctor;
    try { ctor = v.constructor; } catch (e) { return ''; }
    if (typeof ctor === 'function' && localCtors.indexOf(ctor) < 0) return 'its constructor is not a sandbox function constructor';
  }
  return '';
}
// Walks a value's own properties (a few levels deep) and reports anything foreign.
function scan(v, path, depth, seen) {
  seen = seen || [];
  var why = foreign(v);
  if (why) { hits.push(path + ' ' + why); return; }
  if (depth <= 0 || v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.indexOf(v) >= 0 || seen.length > 400) return;
  if (localProtos.indexOf(v) >= 0) return;
  seen.push(v);
  var keys = [];
  try { keys = Reflect.ownKeys(v); } catch (e) { return; }
  for (var i = 0; i < keys.length; i++) {
    var d;
    try { d = Object.getOwnPropertyDescriptor(v, keys[i]); } catch (e) { continue; }
    if (!d) continue;
    var name = path + '.' + String(keys[i]);
    if ('value' in d) scan(d.value, name, depth - 1, seen);
    if (d.get) scan(d.get, name + '(get)', depth - 1, seen);
    if (d.set) scan(d.set, name + '(set)', depth - 1, seen);
  }
  try { scan(Object.getPrototypeOf(v), path + '.[[Prototype]]', depth - 1, seen); } catch (e) { /* proxy */ }
}
// Every function reachable from the host API, with a path, skipping ones that would end the sandbox.
function hostFunctions() {
  var out = [];
  var seen = [];
  (function walk(v, path, depth) {
    if (depth < 0 || v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.indexOf(v) >= 0) return;
    seen.push(v);
    if (typeof v === 'function' && path !== 'paranoid') out.push({ path: path, fn: v });
    var keys = [];
    try { keys = Reflect.ownKeys(v); } catch (e) { return; }
    for (var i = 0; i < keys.length; i++) {
      if (typeof keys[i] !== 'string' || /^(exit|close|terminate|kill|quit|stop|destroy|constructor|prototype|caller|arguments)$/i.test(keys[i])) continue;
      var child;
      try { child = v[keys[i]]; } catch (e) { continue; }
      walk(child, path + '.' + keys[i], depth - 1);
    }
  })(paranoid, 'paranoid', 2);
  if (typeof paranoid === 'function') out.unshift({ path: 'paranoid', fn: paranoid });
  return out;
}
// Calls fn with each argument list; scans results, awaited results and thrown errors.
function callAll(fn, path, argLists) {
  var pending = [];
  argLists.forEach(function (args, i) {
    var label = path + '(#' + i + ')';
    try {
      var r = fn.apply(undefined, args);
      scan(r, label + ' result', 3);
      if (r && typeof r.then === 'function') {
        pending.push(Promise.resolve(r).then(function (v) { scan(v, label + ' resolved', 3); }, function (e) { scan(e, label + ' rejected', 2); }));
      }
    } catch (e) {
      scan(e, label + ' threw', 2);
      notes.push(label + ' threw ' + (e && e.name));
    }
  });
  return Promise.all(pending);
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.slice(0, 10).join('; ') + ' | ' : '') + (notes.slice(0, 20).join('; ') || 'nothing foreign') };
}
