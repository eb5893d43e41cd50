// probe: 'use\x20strict' and a directive after a statement: strings that look like a directive but are not one
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: if the kernel or the vetter took a non-directive for "use strict", sloppy code (with a real-global `this`) would slip through.
'use\x20strict';
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var afterStatement = 1;
'use strict';
function sloppy() { return this; }
try {
  var g = sloppy();
  var octalLike = typeof (function () { try { return Function('return 010')(); } catch (e) { return 'refused'; } })();
  __probe = { escaped: capability(g) !== '', detail: 'this in a plain call is ' + (capability(g) || typeof g) + '; legacy octal in a body: ' + octalLike };
} catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
