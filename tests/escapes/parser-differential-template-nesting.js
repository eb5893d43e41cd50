// probe: nested template literals whose substitutions hold `}` in strings, regexes, comments and object literals
// category: parser-differential
// applies: 2,3
// expect: stopped
// Why it could escape: deciding which `}` resumes a template is a lexer decision of its own; a reader that gets it wrong sees code as text or text as code.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
var ran = [];
function sloppyThis() { return this; }
// The code a differential would hide: it reports whether it ran and what it could reach.
function hiddenRan(how) {
  var c = capability(sloppyThis()) || (typeof importScripts === 'function' ? 'importScripts' : '');
  ran.push(how + (c ? ' -> reached ' + c : ' (reached nothing)'));
  return 1;
}
function finish(note) {
  var reached = ran.filter(function (r) { return r.indexOf('-> reached') >= 0; });
  __probe = { escaped: reached.length > 0, detail: (ran.length ? 'ran: ' + ran.join('; ') : 'no hidden code ran') + (note ? '; ' + note : '') };
}
var t = `a${ '}' }b${ "`" }c${ /\}/.source }d${ /* } */ 1 }e${ {}.constructor.name }f${ `g${ `h${ hiddenRan('G: three templates deep') }` }` }`;
var u = `${ (function () { return '}`'; })() }${ hiddenRan('H: after a string holding }`') }`;
var v = `${ // } a line comment in a substitution
  hiddenRan('I: after a line comment holding }') }`;
try { finish('t=' + t + ' u=' + u + ' v=' + v); } catch (e) { __probe = { escaped: false, detail: 'threw: ' + e }; }
