// probe: a Function text compiled once, then called again after polluting what a cache lookup could consult (Object.prototype getters for the key, Reflect.apply, Function.prototype.call/apply, String.prototype.concat), and texts split into other parts that a naive key would confuse with it
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: a kernel that keeps compiled functions per text and looks them up through something the sandbox can replace could hand out a function compiled from other text, or the real global.
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
try {
  var first = Function('a', 'return this');
  notes.push('first call: ' + typeof first);
  // Every spelling a key of kind, parameters and body could take, as a getter on Object.prototype.
  var keys = ['a|return this', 'a,return this', 'normal:2:1:a:11:return this', 'normal|a|return this', 'areturn this'];
  var evil = function () { return function () { return function () { return globalThis; }; }; };
  keys.forEach(function (k) {
    try { Object.defineProperty(Object.prototype, k, { get: evil, configurable: true }); } catch (e) { notes.push('define ' + k + ' threw'); }
  });
  try { Reflect.apply = function () { return function () { return globalThis; }; }; } catch (e) { notes.push('Reflect.apply is fixed'); }
  try { Function.prototype.call = Function.prototype.apply = function () { return globalThis; }; } catch (e) { notes.push('call/apply are fixed'); }
  try { String.prototype.concat = function () { return 'a,return this'; }; } catch (e) { notes.push('concat is fixed'); }
  var again = Function('a', 'return this');
  if (again === first) hits.push('the second call returned the first call\'s function object');
  var c = capability(again());
  if (c) hits.push('the replayed function returned something with ' + c);
  // Texts that a key joining parts would mistake for one another must each compile on their own.
  var joined = Function('a,b', 'return [typeof a, typeof b].join()');
  var split = Function('a', 'b', 'return [typeof a, typeof b].join()');
  if (joined(1, 2) !== 'number,number' || split(1, 2) !== 'number,number') hits.push('two splits of one text gave different functions');
  var withBody = '';
  try { Function('a', '<!-- a\n'); withBody = 'a body with an HTML-like comment compiled after the pollution'; } catch (e) { /* refused, as it must be */ }
  if (withBody) hits.push(withBody);
  notes.push('replayed this: ' + typeof again());
} catch (e) {
  notes.push('threw: ' + e);
}
__probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') : 'nothing reached') + ' (' + notes.join('; ') + ')' };
