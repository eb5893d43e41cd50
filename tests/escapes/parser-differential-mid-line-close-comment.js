// probe: `a-->b` in the middle of a line: decrement and compare to an engine, a comment to a careless reader
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: a vetter that took every `-->` for a comment would not see the call after it, which the engine runs.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var ran = [];
function sloppyThis() { return this; }
// The code a differential would hide: it reports whether it ran and what it could reach.
function hiddenRan(how) {
  var c = capability(sloppyThis()) || (typeof importScripts === 'function' ? 'importScripts' : '');
  ran.push(how + (c ? ' -> reached ' + c : ' (reached nothing)'));
  return 1;
}
function finish(note) {
  var reached = ran.filter(function (r) { return r.indexOf('-> reached') >= 0; });
  __probe = { escaped: reached.length > 0, detail: (ran.length ? 'ran: ' + ran.join('; ') : 'no hidden code ran') + (note ? '; ' + note : '') };
}
var n = 3;
var cmp = n --> hiddenRan('the call after a mid-line -->');
try { finish('n is ' + n + ', comparison ' + cmp); } catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
