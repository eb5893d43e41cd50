// probe: Array.prototype.push/join/map/concat/slice/splice/indexOf/forEach/filter/reduce wrapped to read and rewrite what the kernel passes
// category: prototype-pollution
// applies: 2
// expect: stopped
// Why it could escape: a kernel that assembles or queues code with unguarded array methods hands it to the page's wrappers.
var __probe;
// Taken before any poison is in place: the probe's own helpers use only these.
var apply = Reflect.apply;
var strIndexOf = String.prototype.indexOf;
var defineProperty = Object.defineProperty;
var getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
var seen = [];
var escapedBy = '';
var payloadRan = false;
// Code that names a reserved identifier: it runs only if the kernel loads something unvetted.
var PAYLOAD = "var __paranoid_probe_marker = 1; ({}).__probeHit('the kernel loaded unvetted code'); (function () { ({}).__probeHit('the kernel ran an unvetted function'); return 2; })";
defineProperty(Object.prototype, '__probeHit', {
  value: function (how) { payloadRan = true; escapedBy = escapedBy || how; __probe = { escaped: true, detail: 'unvetted code ran: ' + how }; },
  configurable: true, writable: true,
});
function note(s) { if (seen.length < 30) seen[seen.length] = s; }
function has(s, part) { return typeof s === 'string' && apply(strIndexOf, s, [part]) >= 0; }
// A string the kernel handles: transpiled output, or one of the bodies exercise() sends.
function kernelish(s) { return has(s, 'use strict') || has(s, '__paranoid') || has(s, 'anonymous') || has(s, 'return 1 + 1') || has(s, 'return "refused"'); }
var WORKER_NAMES = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  for (var i = 0; i < WORKER_NAMES.length; i++) {
    try { if (WORKER_NAMES[i] in v) return WORKER_NAMES[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
// Whatever the kernel hands the poison: the real global or a worker function is an escape.
function inspect(v, where) {
  try {
    var c = capability(v);
    if (!c && typeof v === 'function') for (var i = 0; i < WORKER_NAMES.length; i++) if (v.name === WORKER_NAMES[i]) c = v.name;
    if (c && !escapedBy) escapedBy = where + ' handed the poison ' + c;
  } catch (e) { /* a hostile value is no capability */ }
}
// Makes the kernel work while the poison is in place: compile, refuse, schedule.
function exercise() {
  var out = '';
  try { out += '1+1=' + Function('return 1 + 1')(); } catch (e) { out += 'Function threw ' + e.name; }
  try {
    var r = Function('<!-- x\nreturn "refused"')();
    if (r === 'refused' && !escapedBy) escapedBy = 'a body with an HTML-like comment compiled and ran';
    out += ', comment body ran';
  } catch (e) { out += ', comment body refused'; }
  try { var g = Function('return this')(); inspect(g, 'Function("return this")'); } catch (e) { out += ', return-this threw ' + e.name; }
  try { Object.getPrototypeOf(async function () {}).constructor('return 1 + 1')(); } catch (e) { out += ', AsyncFunction threw ' + e.name; }
  try { if (typeof queueMicrotask === 'function') queueMicrotask(function () { note('microtask ran'); }); } catch (e) { out += ', queueMicrotask threw ' + e.name; }
  try { setTimeout(function (a) { note('timer arg ' + a); }, 0, 'x'); } catch (e) { out += ', setTimeout threw ' + e.name; }
  return out;
}
function finish(extra) {
  if (payloadRan) return;
  var s = '';
  for (var i = 0; i < seen.length; i++) s += (i ? '; ' : '') + seen[i];
  __probe = { escaped: escapedBy !== '', detail: (escapedBy ? escapedBy + ' | ' : '') + extra + ' | poison saw: ' + (s || 'nothing') };
}
function run() {
  var first;
  try { install(); first = exercise(); } catch (e) { first = 'install/exercise threw ' + e; }
  __probe = { escaped: escapedBy !== '', detail: 'sync: ' + first + ' (the timer did not report)' };
  try {
    setTimeout(function () {
      var second = exercise();
      try { uninstall(); } catch (e) { second += ', uninstall threw ' + e.name; }
      setTimeout(function () { finish('sync: ' + first + ' / in a timer: ' + second); }, 1);
    }, 1);
  } catch (e) {
    try { uninstall(); } catch (e2) { /* best effort */ }
    finish('sync: ' + first + ' / setTimeout threw ' + e);
  }
}
var names = ['push', 'join', 'map', 'concat', 'slice', 'splice', 'indexOf', 'includes', 'forEach', 'filter', 'reduce', 'shift', 'unshift', 'sort', 'find'];
var originals = {};
var busy = false;
function install() {
  for (var n = 0; n < names.length; n++) {
    (function (name) {
      var orig = Array.prototype[name];
      originals[name] = orig;
      Array.prototype[name] = function () {
        if (busy) return apply(orig, this, arguments);
        busy = true;
        try {
          inspect(this, 'Array.prototype.' + name + ' receiver');
          var args = [];
          for (var i = 0; i < arguments.length; i++) {
            var a = arguments[i];
            inspect(a, 'Array.prototype.' + name + ' argument');
            if (kernelish(a)) { note(name + ' got code'); a = PAYLOAD; }
            args[i] = a;
          }
          for (var j = 0; j < this.length && j < 64; j++) {
            inspect(this[j], 'Array.prototype.' + name + ' element');
            if (kernelish(this[j])) { note(name + ' on an array of code'); this[j] = PAYLOAD; }
          }
          var r = apply(orig, this, args);
          if (kernelish(r)) { note(name + ' returned code'); r = PAYLOAD; }
          return r;
        } finally { busy = false; }
      };
    })(names[n]);
  }
}
function uninstall() { for (var k in originals) Array.prototype[k] = originals[k]; }
run();
