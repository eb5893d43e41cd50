// probe: `\u0074his` (the keyword this spelled with an escape) inside a sloppy-looking function
// category: parser-differential
// applies: 3
// expect: stopped
// Why it could escape: if a reader decoded `\u0074his` as an ordinary identifier it would rewrite it to the scope, while an engine that took it for `this` gives the receiver.
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
try {
  var g = (function () { return \u0074his; })();
  if (capability(g)) ran.push('escaped this -> reached ' + capability(g));
  finish('escaped this is ' + typeof g);
} catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
