// probe: worker globals named with identifier escapes: \u0069mportScripts, \u{70}ostMessage, fetc\u0068
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: a rewrite keyed on the raw spelling would leave the escaped name free, reaching the real global binding.
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
  var kinds = [typeof \u0069mportScripts, typeof \u{70}ostMessage, typeof fetc\u0068];
  if (kinds.indexOf('function') >= 0) ran.push('escaped names -> reached ' + kinds.join(','));
  try { \u0069mportScripts('data:text/javascript,0'); ran.push('importScripts call -> reached importScripts'); } catch (e) { /* not there */ }
  finish('typeof: ' + kinds.join(','));
} catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
