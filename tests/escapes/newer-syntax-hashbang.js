#!/usr/bin/env paranoid
// probe: a hashbang comment on the first line (ES2023), followed by code that reaches for the global
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: a hashbang the vetter mishandled could swallow or shift what follows it.
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
  look('plain call after a hashbang', (function () { return this; })());
  look('top-level this after a hashbang', this);
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
