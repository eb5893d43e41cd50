// probe: new.target handed in by Reflect.construct (Function, Date, Promise as new.target), then used as a constructor
// category: newer-syntax
// applies: 1,2,3
// expect: stopped
// Why it could escape: new.target is a way to be handed a constructor without naming it; it must never be a real one.
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
  function F() { return new.target; }
  var targets = { Function: Function, Date: Date, Promise: Promise };
  for (var k in targets) {
    var nt = Reflect.construct(F, [], targets[k]);
    notes.push('new.target ' + k + (nt === targets[k] ? ' came back' : ' did not come back'));
    if (k === 'Function') {
      try { look('new.target("return this")()', nt('return this')()); } catch (e) { notes.push('calling it threw ' + e.name); }
    }
  }
  var arrowTarget = (function () { return (() => new.target)(); })();
  notes.push('new.target in an arrow of a plain call: ' + typeof arrowTarget);
  finish();
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
