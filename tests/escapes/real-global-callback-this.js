// probe: the `this` the kernel passes to callbacks (timers, microtasks, promise reactions, getters it reads)
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: even a strict callback sees whatever receiver its caller passes; browsers pass the global to timer callbacks.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var seen = [];
var hits = [];
function record(where, self, args) {
  seen.push(where + ':' + (self === undefined ? 'undefined' : self === globalThis ? 'globalThis' : typeof self));
  if (capability(self)) hits.push(where + ' this -> ' + capability(self));
  for (var i = 0; args && i < args.length; i++) if (capability(args[i])) hits.push(where + ' arg ' + i + ' -> ' + capability(args[i]));
}
function done() {
  record('last timer', this, arguments);
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + seen.join(' ') };
}
try {
  if (typeof queueMicrotask === 'function') queueMicrotask(function () { record('queueMicrotask', this, arguments); });
  Promise.resolve(1).then(function () { record('then', this, arguments); });
  Promise.reject(new Error('x')).catch(function () { record('catch', this, arguments); });
  Promise.resolve().finally(function () { record('finally', this, arguments); });
  new Promise(function () { record('executor', this, arguments); });
  var thenable = { then: function () { record('thenable.then', this, arguments); } };
  Promise.resolve(thenable);
  if (typeof setTimeout === 'function') {
    setTimeout(function () { record('setTimeout', this, arguments); }, 0);
    var id = setInterval(function () { record('setInterval', this, arguments); clearInterval(id); }, 1);
    setTimeout(done, 5);
  } else {
    Promise.resolve().then(function () { return 0; }).then(done);
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e + ' | ' + seen.join(' ') };
}
