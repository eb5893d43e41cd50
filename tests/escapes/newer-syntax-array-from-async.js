// probe: Array.fromAsync over a hand-made async iterable and thenables: the receivers and arguments the engine passes to the page's callbacks
// category: newer-syntax
// applies: 2,3
// expect: stopped
// Why it could escape: a new built-in calls back into page code; a wrong receiver would be the global.
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
  if (typeof Array.fromAsync !== 'function') {
    __probe = { escaped: false, detail: 'Array.fromAsync is absent' };
  } else {
    var iterable = {};
    iterable[Symbol.asyncIterator] = function () {
      look('asyncIterator this', this === iterable ? undefined : this);
      var i = 0;
      return { next: function () { look('next this', (function () { return this; })()); return Promise.resolve({ value: i, done: i++ >= 2 }); } };
    };
    var thenable = { then: function (resolve) { look('thenable then this', this === thenable ? undefined : this); resolve(7); } };
    Array.fromAsync(iterable, function (v) { look('mapper this', this); return v; }).then(function (a) {
      notes.push('iterable gave ' + a.join(','));
      return Array.fromAsync([thenable], function (v) { look('mapper this (thenables)', this); return v; });
    }).then(function (b) { notes.push('thenables gave ' + b.join(',')); finish(); }, function (e) { notes.push('rejected ' + e); finish(); });
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
