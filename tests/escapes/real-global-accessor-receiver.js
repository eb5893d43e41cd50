// probe: a getter defined on globalThis, read as a bare name, hands out its receiver (the scope object); walk from there
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: the receiver of a bare-name read is the object behind the global, which might be or lead to the real one.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
try {
  Object.defineProperty(globalThis, 'peekReceiver', { get: function () { return this; }, configurable: true });
  var receiver = peekReceiver;
  var hits = [];
  var notes = ['receiver is ' + (receiver === globalThis ? 'globalThis' : typeof receiver)];
  var o = receiver;
  for (var depth = 0; depth < 8 && o !== null && o !== undefined; depth++) {
    if (capability(o)) hits.push('depth ' + depth + ' has ' + capability(o));
    try { o = Object.getPrototypeOf(o); notes.push('proto ' + depth + ': ' + (o === null ? 'null' : typeof o)); } catch (e) { notes.push('proto threw ' + e.name); break; }
  }
  // setters get the receiver too
  var setReceiver;
  Object.defineProperty(globalThis, 'poke', { set: function (v) { setReceiver = this; }, configurable: true });
  poke = 1;
  if (capability(setReceiver)) hits.push('setter receiver has ' + capability(setReceiver));
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
