// probe: new Function spellings: new Function, new (Function), new globalThis.Function, new self['Func'+'tion'], Reflect.construct(window.Function)
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: Function is eval with another name; every spelling must reach the vetting stand-in.
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
var makers = {
  'new Function': function () { return new Function('return this'); },
  'new (Function)': function () { return new (Function)('return this'); },
  'new globalThis.Function': function () { return new globalThis.Function('return this'); },
  "new self['Func'+'tion']": function () { return new self['Func' + 'tion']('return this'); },
  'Reflect.construct(window.Function)': function () { return Reflect.construct(window.Function, ['return this']); },
  'comment-body': function () { return new Function('<!-- x\nreturn "unvetted";'); },
};
for (var k in makers) {
  try {
    var r = makers[k]()();
    notes.push(k + ' -> ' + typeof r);
    if (capability(r)) hits.push(k + ' -> ' + capability(r));
    if (r === 'unvetted') hits.push(k + ' ran a body with an HTML-like comment');
  } catch (e) {
    notes.push(k + ' threw ' + e.name);
  }
}
__probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
