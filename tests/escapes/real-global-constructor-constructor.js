// probe: ({}).constructor.constructor('return this')() and the same through [], '', 0, a RegExp and an Error
// category: real-global
// applies: 1,2
// expect: stopped
// Why it could escape: Object.constructor is Function.prototype.constructor, the real Function unless replaced.
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
var starts = { object: {}, array: [], string: '', number: 0, regexp: /x/, error: new Error('e'), symbol: Symbol('s') };
for (var k in starts) {
  try {
    var ctor = starts[k].constructor.constructor;
    var r = ctor('return this')();
    notes.push(k + ': ' + typeof r);
    if (capability(r)) hits.push(k + ' -> ' + capability(r));
    var r2 = ctor('return typeof importScripts + typeof postMessage')();
    if (r2 !== 'undefinedundefined') hits.push(k + ' body sees ' + r2);
  } catch (e) {
    notes.push(k + ' threw ' + e.name + ': ' + e.message);
  }
}
__probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
