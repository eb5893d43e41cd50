// probe: Function('}), (function(){ return this') and similar bodies that close the wrapper early
// category: function-constructor
// applies: 1,2,3
// expect: stopped
// Why it could escape: a stand-in that builds `(function anonymous(){` + body + `})` as text could be broken out of.
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
attempt('close and reopen', function () { return Function('}), (function(){ return this'); });
attempt('close with comment', function () { return Function('}); (function(){ return this })() //'); });
attempt('close in template', function () { return Function('return `${this}`})(), (function(){ return this'); });
attempt('close after line comment', function () { return Function('//\n}), (function () { return this; }), (function(){'); });
attempt('unicode line separator', function () { return Function('//\u2028}), (function () { return this; }), (function(){'); });
finish();
