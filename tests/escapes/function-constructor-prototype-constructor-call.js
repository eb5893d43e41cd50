// probe: Function.prototype.constructor.call(null, 'return this')() and Object.getPrototypeOf(Function).constructor
// category: function-constructor
// applies: 1,2
// expect: stopped
// Why it could escape: Function.prototype.constructor is a separate slot from the global name Function; it must be replaced too.
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
function attempt(label, make) {
  try {
    var fn = make();
    var r = typeof fn === 'function' ? fn() : fn;
    notes.push(label + ' -> ' + typeof r);
    if (capability(r)) hits.push(label + ' -> ' + capability(r));
  } catch (e) {
    notes.push(label + ' threw ' + e.name + ': ' + e.message);
  }
}
function finish() {
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
attempt('Function.prototype.constructor.call', function () { return Function.prototype.constructor.call(null, 'return this'); });
attempt('getPrototypeOf(Function).constructor', function () { return Object.getPrototypeOf(Function).constructor('return this'); });
attempt('Function.constructor', function () { return Function.constructor('return this'); });
attempt('Function.prototype.constructor === Function', function () { notes.push('same: ' + (Function.prototype.constructor === Function)); return undefined; });
attempt('descriptor value', function () { return Object.getOwnPropertyDescriptor(Function.prototype, 'constructor').value('return this'); });
finish();
