// probe: Object.prototype.toString, Symbol.toPrimitive on Object.prototype, Array.prototype.toString, Error.prototype.toString, Number.prototype.toString replaced
// category: prototype-pollution
// applies: 2
// expect: stopped
// Why it could escape: the kernel's own string conversions (building messages, error texts, parameter lists) would run the page's code and could return a payload.
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
var saved = [];
function put(obj, key, fn) { saved[saved.length] = [obj, key, getOwnPropertyDescriptor(obj, key)]; defineProperty(obj, key, { value: fn, writable: true, configurable: true }); }
function install() {
  var objToString = Object.prototype.toString, arrToString = Array.prototype.toString, errToString = Error.prototype.toString, numToString = Number.prototype.toString;
  put(Object.prototype, 'toString', function () { inspect(this, 'Object.prototype.toString receiver'); return apply(objToString, this, arguments); });
  put(Object.prototype, Symbol.toPrimitive, function (hint) {
    inspect(this, 'toPrimitive receiver');
    var v = typeof this.valueOf === 'function' ? this.valueOf() : undefined;
    if (v !== null && typeof v !== 'object' && typeof v !== 'function') return v;
    return apply(typeof this.toString === 'function' ? this.toString : objToString, this, []);
  });
  put(Array.prototype, 'toString', function () {
    inspect(this, 'Array.prototype.toString receiver');
    var s = apply(arrToString, this, []);
    if (kernelish(s)) { note('array of code to string'); return PAYLOAD; }
    return s;
  });
  put(Error.prototype, 'toString', function () { inspect(this, 'Error.prototype.toString receiver'); note('error to string'); return apply(errToString, this, []); });
  put(Number.prototype, 'toString', function () { return apply(numToString, this, arguments); });
}
function uninstall() { for (var i = saved.length - 1; i >= 0; i--) { if (saved[i][2]) defineProperty(saved[i][0], saved[i][1], saved[i][2]); else delete saved[i][0][saved[i][1]]; } }
run();
