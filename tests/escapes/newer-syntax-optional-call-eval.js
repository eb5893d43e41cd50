// probe: eval?.('this'): an optional call of eval (always an indirect eval)
// category: newer-syntax
// applies: 1,2,3
// expect: stopped
// Why it could escape: `eval?.()` is not a direct-eval call expression, so a vetter that only looks for `eval(` would let it pass.
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
  var g = eval?.('this');
  var sum = eval?.('1 + 1');
  __probe = { escaped: sum === 2 || capability(g) !== '', detail: 'eval?.() ran: ' + sum + ', this has ' + (capability(g) || 'nothing') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
