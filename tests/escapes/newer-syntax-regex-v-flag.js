// probe: a regular expression with the ES2024 `v` flag (set operations, \q{...}), next to code that reaches for the global
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: a regex flag newer than the lexer knows could make it mis-tokenise what follows the literal.
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
function look(label, v) {
  var c = capability(v);
  notes.push(label + ': ' + (v === globalThis ? 'globalThis' : typeof v));
  if (c) hits.push(label + ' -> ' + c);
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
try {
  var re = /[\p{L}--[a-z]]|[\q{ab|c}]/v;
  notes.push('v-flag regex compiled: ' + re.flags);
  look('plain call after the literal', (function () { return this; })());
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
