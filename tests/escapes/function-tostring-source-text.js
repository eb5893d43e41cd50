// probe: Function.prototype.toString asked for text the probe did not write: the kernel's stand-ins (timers, Function, eval, console, paranoid, toString itself), marks forged in strings, regexps and templates, bound functions and proxies, a getter on a stand-in's name
// category: host-api
// applies: 1,2,3
// expect: stopped
// Why it could escape: the engine's toString shows a function's source as loaded; for the kernel's stand-ins that is the kernel's own code (what it captured, how it checks the host's messages), and a stand-in that trusted a mark anywhere in a text could be steered to hand out text of scripts the probe never wrote.
// note: with the transpiler off (layer 1 or 2 alone) no stand-in of the kernel's is in reach (the code runs on the worker's own global, natives only or scrubbed), so the engine's answers show nothing of the kernel; with it on, the stand-ins are reached and the toString stand-in must answer for them.
var __probe;
var hits = [];
var notes = [];
var NATIVE = /^function[\w$ ]*\(\) \{\s*\[native code\]\s*\}$/;
var show = (function () {}).toString;
function text(fn) { return show.call(fn); }
function native(label, get) {
  try {
    var t = text(get());
    if (!NATIVE.test(t)) hits.push(label + ' shows ' + JSON.stringify(t.slice(0, 80)));
  } catch (e) { notes.push(label + ' threw ' + e.name); }
}
function own(label, get, expected) {
  try {
    var t = text(get());
    if (t !== expected) hits.push(label + ' shows ' + JSON.stringify(t.slice(0, 120)));
  } catch (e) { notes.push(label + ' threw ' + e.name); }
}

native('setTimeout', function () { return setTimeout; });
native('clearInterval', function () { return clearInterval; });
native('queueMicrotask', function () { return queueMicrotask; });
native('Function', function () { return Function; });
native('eval', function () { return eval; });
native('Date', function () { return Date; });
native('Date.now', function () { return Date.now; });
native('console.log', function () { return console.log; });
native('paranoid.cpuLevel', function () { return paranoid.cpuLevel; });
native('performance.now', function () { return performance.now; });
native('crypto.getRandomValues', function () { return crypto.getRandomValues; });
native('atob', function () { return atob; });
native('structuredClone', function () { return structuredClone; });
native('requestAnimationFrame', function () { return requestAnimationFrame; });
native('Function.prototype.toString', function () { return Function.prototype.toString; });
native('the async function constructor', function () { return (async function () {}).constructor; });
native('the generator function constructor', function () { return Object.getPrototypeOf(function* () {}).constructor; });

// A getter planted on a stand-in's name is never called.
var called = false;
try {
  Object.defineProperty(setInterval, 'name', { get: function () { called = true; return 'x'; } });
  native('setInterval with a getter name', function () { return setInterval; });
  if (called) notes.push('the name getter was called');
} catch (e) { notes.push('defining a name getter threw ' + e.name); }

// Marks written by the probe itself.
var forgedString = function () { return '/*paranoid:f:0000000000000000:0:9*/'; };
own('a mark in a string', function () { return forgedString; }, "function () { return '/*paranoid:f:0000000000000000:0:9*/'; }");
var forgedRegexp = () => /\/*paranoid:f:0000000000000000:0:9*/;
own('a mark in a regexp', function () { return forgedRegexp; }, '() => /\\/*paranoid:f:0000000000000000:0:9*/');
var forgedTemplate = () => `/*paranoid:c:0000000000000000:0:9*/}`;
own('a mark in a template', function () { return forgedTemplate; }, '() => `/*paranoid:c:0000000000000000:0:9*/}`');
own('Function', function () { return Function('a', 'return a /* kept */'); }, 'function anonymous(a\n) {\nreturn a /* kept */\n}');

// What the engine answers for what is not plain code: its native form, and no trap is asked.
var trapped = [];
var handler = {};
['get', 'getOwnPropertyDescriptor', 'has', 'ownKeys', 'apply'].forEach(function (k) {
  handler[k] = function (t, p) { trapped.push(k + ' ' + String(p)); return Reflect[k].apply(null, arguments); };
});
native('a bound function', function () { return forgedString.bind(null); });
native('a proxy', function () { return new Proxy(forgedString, handler); });
if (trapped.length) notes.push('traps: ' + trapped.join(', '));
try { text({}); hits.push('toString of a plain object answered'); } catch (e) { notes.push('plain object: ' + e.name); }

__probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
