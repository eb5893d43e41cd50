// probe: `\u{65}val('this')`: eval spelled with a code-point escape
// category: parser-differential
// applies: 1,2,3
// expect: stopped
// Why it could escape: a vetter that only knows \uXXXX escapes would not decode \u{65} to the name eval.
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
  var sum = \u{65}val('1 + 1');
  var g = \u{65}val('this');
  if (sum === 2) ran.push('code-point eval ran 1 + 1 -> reached eval');
  if (capability(g)) ran.push('code-point eval this -> reached ' + capability(g));
  finish();
} catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
