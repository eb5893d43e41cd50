// probe: U+2028 / U+2029 inside single-line comments (they end the comment) and inside strings (they do not)
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: a reader that ends `//` comments only at \n would take the code after U+2028 for comment text.
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
// a comment   hiddenRan('after U+2028 in a // comment')
// another   hiddenRan('after U+2029 in a // comment')
var s = 'a string   hiddenRan("inside a string")   still a string';
/* block   hiddenRan('inside a block comment') */
try { finish('string length ' + s.length); } catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
