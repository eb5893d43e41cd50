// probe: accessor descriptors of the global's self/globalThis/window (and its prototypes), their getters called with an undefined receiver
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: a WebIDL global accessor called with `this` undefined answers for the current (real) global.
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
  var hits = [];
  var notes = [];
  var holders = [globalThis];
  try { var p = Object.getPrototypeOf(globalThis); while (p && holders.length < 8) { holders.push(p); p = Object.getPrototypeOf(p); } } catch (e) { notes.push('proto threw ' + e.name); }
  var names = ['self', 'globalThis', 'window', 'location', 'navigator', 'frames', 'parent', 'top'];
  for (var h = 0; h < holders.length; h++) {
    for (var n = 0; n < names.length; n++) {
      var d;
      try { d = Object.getOwnPropertyDescriptor(holders[h], names[n]); } catch (e) { notes.push(names[n] + ' descriptor threw ' + e.name); continue; }
      if (!d) continue;
      notes.push(h + '.' + names[n] + (d.get ? ':accessor' : ':data'));
      if (capability(d.value)) hits.push(h + '.' + names[n] + ' value -> ' + capability(d.value));
      if (typeof d.get === 'function') {
        [undefined, null, {}].forEach(function (receiver) {
          try { var r = d.get.call(receiver); if (capability(r)) hits.push(names[n] + ' getter with ' + receiver + ' -> ' + capability(r)); } catch (e) { notes.push(names[n] + ' getter threw ' + e.name); }
        });
      }
    }
  }
  // Object.prototype.__proto__'s getter applied to the global
  try { var pr = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get.call(globalThis); if (capability(pr)) hits.push('__proto__ getter -> ' + capability(pr)); } catch (e) { notes.push('__proto__ getter threw ' + e.name); }
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + (notes.join(' ') || 'no accessors') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
