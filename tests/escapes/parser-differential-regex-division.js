// probe: `/` read as a regex or as division: after a block, after an object literal, across a line break, after `)`
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: a reader that guesses regex where the engine divides skips a call the engine makes (and vice versa).
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
var b = 12, c = 3, g = 2;
var a = b / c / g;
var a2 = b /c/ g;
{}
/hiddenRan('A: a regex after a block, only looks like a call')/g;
var x = {} /hiddenRan('B: division after an object literal')/ g;
var q = b
/hiddenRan('C: no ASI before a slash on the next line')/g;
if (a) /hiddenRan('D: a regex after the closing paren of an if')/.test('');
var tpl = `${a}` /hiddenRan('E: division after a template')/ g;
var rx = /[/]hiddenRan('F: a slash inside a class does not end a regex')/.source;
try { finish('a=' + a + ' a2=' + a2 + ' rx=' + rx.length); } catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
