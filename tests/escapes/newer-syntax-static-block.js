// probe: a class static block: its `this`, a var inside it, a function called from it, and free names it reads
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: a static block is a new kind of function body; a rewrite that skipped it would leave free names unrewritten.
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
  var fromBlock = {};
  class Holder {
    static {
      var local = typeof importScripts + ',' + typeof postMessage;
      fromBlock.names = local;
      fromBlock.self = this;
      fromBlock.call = (function () { return this; })();
      fromBlock.global = typeof self !== 'undefined' ? self : undefined;
    }
  }
  if (fromBlock.names !== 'undefined,undefined') hits.push('the static block sees ' + fromBlock.names);
  look('static block this', fromBlock.self === Holder ? undefined : fromBlock.self);
  look('plain call inside it', fromBlock.call);
  look('self inside it', fromBlock.global);
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
