// probe: arguments.callee and arguments.callee.caller, to climb to whoever called the script
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: in sloppy code `arguments.callee.caller` walks up to the kernel's functions.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var notes = [];
var escaped = false;
function climb() {
  var f;
  try { f = arguments.callee; notes.push('callee: ' + typeof f); } catch (e) { notes.push('callee threw ' + e.name); return; }
  for (var depth = 0; depth < 10 && f; depth++) {
    try { f = f.caller; } catch (e) { notes.push('caller threw ' + e.name + ' at depth ' + depth); return; }
    notes.push('caller ' + depth + ': ' + typeof f);
    if (typeof f === 'function') {
      try {
        var r = f.constructor('return this')();
        if (capability(r)) { escaped = true; notes.push('caller chain reached ' + capability(r)); }
      } catch (e) { notes.push('caller constructor threw ' + e.name); }
    }
  }
}
try {
  climb();
  __probe = { escaped: escaped, detail: notes.join('; ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e + ' after ' + notes.join('; ') };
}
