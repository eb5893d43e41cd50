// probe: U+FEFF, U+00A0, U+2003, U+3000 as token separators, and U+200C/U+200D inside identifiers
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: a reader that does not take U+FEFF or U+00A0 for whitespace would glue `typeof\u00A0importScripts` into one unknown name.
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
  var kinds = [typeof importScripts, typeof﻿postMessage, typeof fetch, typeof　XMLHttpRequest];
  if (kinds.indexOf('function') >= 0) ran.push('whitespace-separated names -> reached ' + kinds.join(','));
  var g‌ = (function () {﻿return this; })();
  if (capability(g‌)) ran.push('ZWNJ name -> reached ' + capability(g‌));
  finish('typeof: ' + kinds.join(','));
} catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
