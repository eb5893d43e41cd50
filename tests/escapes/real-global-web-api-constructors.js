// probe: the constructor chain of each web API the sandbox offers (TextEncoder, TextDecoder, URL, URLSearchParams, atob, btoa, structuredClone, crypto and performance methods, requestAnimationFrame, the DOM's events and aborting, DOMException) to a Function that sees the real global
// category: real-global
// applies: 1,2
// expect: stopped
// Why it could escape: each is a built-in of the worker's realm; its `.constructor.constructor` is the realm's Function unless that was replaced by the vetted stand-in.
var __probe;
try {
  var candidates = {};
  var add = function (name, get) { try { var v = get(); if (v !== undefined && v !== null) candidates[name] = v; } catch (e) { /* absent */ } };
  add('TextEncoder', function () { return TextEncoder; });
  add('TextDecoder', function () { return TextDecoder; });
  add('encode', function () { return new TextEncoder().encode; });
  add('URL', function () { return URL; });
  add('URLSearchParams', function () { return URLSearchParams; });
  add('atob', function () { return atob; });
  add('btoa', function () { return btoa; });
  add('structuredClone', function () { return structuredClone; });
  add('getRandomValues', function () { return crypto.getRandomValues; });
  add('randomUUID', function () { return crypto.randomUUID; });
  add('performance.now', function () { return performance.now; });
  add('requestAnimationFrame', function () { return requestAnimationFrame; });
  add('cloned', function () { return structuredClone(new Map([[1, { a: [1] }]])); });
  add('EventTarget', function () { return EventTarget; });
  add('addEventListener', function () { return new EventTarget().addEventListener; });
  add('Event', function () { return Event; });
  add('an event', function () { return new Event('x'); });
  add('isTrusted getter', function () { return Object.getOwnPropertyDescriptor(new Event('x'), 'isTrusted').get; });
  add('CustomEvent', function () { return CustomEvent; });
  add('AbortController', function () { return AbortController; });
  add('a signal', function () { return new AbortController().signal; });
  add('AbortSignal.any', function () { return AbortSignal.any; });
  add('an abort reason', function () { return AbortSignal.abort().reason; });
  add('DOMException', function () { return DOMException; });
  add('a listener\'s event', function () { var t = new EventTarget(), got; t.addEventListener('x', function (e) { got = e; }); t.dispatchEvent(new CustomEvent('x')); return got; });
  var reached = [];
  var names = Object.keys(candidates);
  for (var i = 0; i < names.length; i++) {
    var F;
    try { F = candidates[names[i]].constructor.constructor; } catch (e) { continue; }
    if (typeof F !== 'function') continue;
    var what;
    try { what = F('return typeof importScripts + "/" + typeof postMessage')(); } catch (e) { what = 'threw ' + e.name; }
    if (what === 'function/function' || (typeof what === 'string' && what.indexOf('function') === 0)) reached.push(names[i] + ': ' + what);
  }
  __probe = { escaped: reached.length > 0, detail: reached.length ? 'the real global through ' + reached.join('; ') : 'checked ' + names.length + ': none reaches the real global' };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
