// probe: V8 Error.prepareStackTrace structured frames (getThis, getFunction), captured inside callbacks the kernel calls (promise, timer, event listener, abort)
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: CallSite.getThis()/getFunction() hand out receivers and functions of sloppy frames up the stack.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var hits = [];
var notes = [];
var ours = [];
function harvest(where) {
  var frames;
  try {
    Error.prepareStackTrace = function (err, callSites) { return callSites; };
    var e = new Error('x');
    frames = e.stack;
    if (typeof Error.captureStackTrace === 'function') {
      var holder = {};
      Error.captureStackTrace(holder);
      if (typeof holder.stack === 'object' && holder.stack && !Array.isArray(frames)) frames = holder.stack;
    }
  } catch (err) { notes.push(where + ': capture threw ' + err.name); return; }
  finally { try { delete Error.prepareStackTrace; } catch (err) { /* frozen Error */ } }
  if (!Array.isArray(frames)) { notes.push(where + ': no structured frames (' + typeof frames + ')'); return; }
  notes.push(where + ': ' + frames.length + ' frames');
  for (var i = 0; i < frames.length; i++) {
    var f = frames[i];
    try {
      var self = typeof f.getThis === 'function' ? f.getThis() : undefined;
      var fn = typeof f.getFunction === 'function' ? f.getFunction() : undefined;
      if (capability(self)) hits.push(where + ' frame ' + i + ' getThis -> ' + capability(self));
      if (typeof fn === 'function' && ours.indexOf(fn) < 0) {
        hits.push(where + ' frame ' + i + ' getFunction -> a function not ours: ' + (fn.name || 'anonymous'));
      }
    } catch (err) { notes.push(where + ' frame ' + i + ' threw ' + err.name); }
  }
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
function inThen() { harvest('promise callback'); }
function inTimer() { harvest('timer callback'); finish(); }
function inListener() { harvest('event listener'); }
function onAbort() { harvest('abort listener'); }
ours.push(harvest, finish, inThen, inTimer, inListener, onAbort);
try {
  harvest('top level');
  if (typeof EventTarget === 'function' && typeof Event === 'function') {
    var target = new EventTarget();
    target.addEventListener('x', inListener);
    target.dispatchEvent(new Event('x'));
  }
  if (typeof AbortController === 'function') {
    var controller = new AbortController();
    controller.signal.addEventListener('abort', onAbort);
    controller.abort();
  }
  Promise.resolve().then(inThen);
  if (typeof setTimeout === 'function') setTimeout(inTimer, 0);
  else Promise.resolve().then(function () { return null; }).then(finish);
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e + ' | ' + notes.join('; ') };
}
