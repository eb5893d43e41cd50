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
// The sandbox's eval is a stand-in that vets its text: it may run `1 + 1`, but text that names
// the transpiler's reserved names (bound on the worker's real global) must be refused as syntax.
try {
  var g = eval?.('this');
  var sum = eval?.('1 + 1');
  var reached = '';
  try { eval?.('__paranoid_scope__'); reached = '__paranoid_scope__ was reachable'; } catch (e) { if (!(e instanceof SyntaxError)) reached = 'not refused as syntax: ' + e; }
  __probe = { escaped: capability(g) !== '' || reached !== '', detail: 'eval?.() ran: ' + sum + ', this has ' + (capability(g) || 'nothing') + '; ' + (reached || 'reserved names refused') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
