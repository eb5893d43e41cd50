// probe: every object the replica hands out (document, window's DOM members, nodes, events, records, lists, location, history, styles, parsers), walked up its prototype chain: does a `constructor` lead to a Function that is not the sandbox's, or an object of another realm?
// category: page-replica
// applies: -
// expect: stopped
// note: no layer alone: a page replica is a userscript's, made with every layer on; without one the probe reports "no replica".
// Why it could escape: the DOM library and the replica's layer are loaded before the script as the sandbox's own set-up; a built-in they kept from before the scrub, or an object made in another realm, would lead to the real Function and global.
var __probe;
if (typeof document !== 'object' || document === null || typeof document.createElement !== 'function') {
  __probe = { escaped: false, detail: 'no replica' };
} else {
  var hits = [];
  var notes = [];
  var SandboxFunction = Function;
  var ROOT = Object.prototype;
  function capability(v) {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
    var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
    for (var i = 0; i < names.length; i++) {
      try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
    }
    return '';
  }
  var triedCtors = [];
  function tryCtor(f, path) {
    if (typeof f !== 'function' || triedCtors.indexOf(f) >= 0) return;
    triedCtors.push(f);
    try {
      var r = f('return this')();
      if (capability(r)) hits.push(path + "('return this')() has " + capability(r));
      var seen = f('return typeof importScripts + typeof postMessage + typeof fetch')();
      if (seen !== 'undefinedundefinedundefined') hits.push(path + ' body sees ' + seen);
    } catch (e) { /* not a function constructor, or refused */ }
  }
  // Up the prototype chain: it must end at this realm's Object.prototype (or null for an object
  // made without one), and every `constructor` met on the way leads to this realm's Function.
  function walk(v, path) {
    var depth = 0;
    var at = v;
    while (at !== null && (typeof at === 'object' || typeof at === 'function') && depth < 30) {
      var d = null;
      try { d = Object.getOwnPropertyDescriptor(at, 'constructor'); } catch (e) { d = null; }
      if (d && typeof d.value === 'function') {
        var c = d.value;
        var cc = null;
        try { cc = c.constructor; } catch (e) { cc = null; }
        if (typeof cc === 'function' && cc !== SandboxFunction) tryCtor(cc, path + '…constructor.constructor');
      }
      var next;
      try { next = Object.getPrototypeOf(at); } catch (e) { notes.push(path + ': getPrototypeOf threw'); break; }
      if (next === null && at !== ROOT && depth > 0 && typeof at !== 'function') {
        var own = [];
        try { own = Object.getOwnPropertyNames(at); } catch (e) { own = []; }
        if (own.indexOf('hasOwnProperty') >= 0) hits.push(path + ': its chain ends at another realm\'s Object.prototype');
      }
      at = next;
      depth++;
    }
    if (capability(v) && v !== globalThis) hits.push(path + ' itself has ' + capability(v));
  }
  var subjects = {};
  function add(name, make) { try { subjects[name] = make(); } catch (e) { notes.push(name + ' threw ' + e.name); } }
  add('document', function () { return document; });
  add('document.implementation', function () { return document.implementation; });
  add('document.defaultView', function () { return document.defaultView; });
  add('an element', function () { return document.createElement('div'); });
  add('a text', function () { return document.createTextNode('t'); });
  add('a comment', function () { return document.createComment('c'); });
  add('a fragment', function () { return document.createDocumentFragment(); });
  add('an attribute', function () { var d = document.createElement('a'); d.setAttribute('title', 'x'); return d.attributes[0]; });
  add('childNodes', function () { return document.body.childNodes; });
  add('children', function () { return document.body.children; });
  add('querySelectorAll', function () { return document.querySelectorAll('*'); });
  add('classList', function () { return document.body.classList; });
  add('dataset', function () { return document.body.dataset; });
  add('style', function () { return document.body.style; });
  add('getComputedStyle', function () { return getComputedStyle(document.body); });
  add('an Event', function () { return new Event('x'); });
  add('a CustomEvent', function () { return new CustomEvent('x', { detail: 1 }); });
  add('a MutationObserver', function () { return new MutationObserver(function () {}); });
  add('a DOMParser document', function () { return new DOMParser().parseFromString('<p>x</p>', 'text/html'); });
  add('location', function () { return location; });
  add('history', function () { return history; });
  add('a TreeWalker', function () { return document.createTreeWalker(document.body); });
  add('a Range', function () { return document.createRange ? document.createRange() : null; });
  add('getSelection()', function () { return getSelection(); });
  add('an HTMLCollection by tag', function () { return document.getElementsByTagName('body'); });
  add('document.all', function () { return document.all; });
  add('document.forms', function () { return document.forms; });
  add('an element\'s ownerDocument', function () { return document.createElement('i').ownerDocument; });
  add('a template\'s content', function () { var t = document.createElement('template'); t.innerHTML = '<b>x</b>'; return t.content; });
  add('a cloned node', function () { return document.body.cloneNode(true); });
  add('an imported node', function () { return document.importNode(document.createElement('u'), true); });
  var count = 0;
  for (var k in subjects) {
    var v = subjects[k];
    if (v === null || v === undefined) { notes.push(k + ' is ' + v); continue; }
    walk(v, k);
    count++;
  }
  // Listeners: the event and `this` a listener is given.
  var given = [];
  try {
    document.body.addEventListener('probe', function (e) { given.push(e, this); });
    document.body.dispatchEvent(new Event('probe'));
    for (var i = 0; i < given.length; i++) walk(given[i], 'a listener\'s argument ' + i);
    var records = [];
    var mo = new MutationObserver(function (r) { records = r; });
    mo.observe(document.body, { childList: true });
    document.body.appendChild(document.createElement('span'));
    var taken = mo.takeRecords();
    for (var j = 0; j < taken.length; j++) walk(taken[j], 'a mutation record');
  } catch (e) { notes.push('listeners threw ' + e.name + ': ' + e.message); }
  notes.push(count + ' subjects walked, ' + triedCtors.length + ' other constructors tried');
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
}
