// probe: the indirect-eval stand-in given hostile texts: a direct eval inside, `with`, `import()`, the reserved names, an escaped keyword, a text that closes early, sloppy `this`, a hostile toString, and `new eval`
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: the stand-in turns text into code at run time, like Function; any text it loads without the vetter's refusals runs unvetted, and one that gives the real global reaches the worker.
// note: a function's `.constructor` from the text is the function-constructor probes' matter (layers 1 and 2 replace it).
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
var ev = (0, eval);
// Each text must be refused as syntax; one that runs reports what it reached.
function refused(label, text) {
  try {
    var r = ev(text);
    hits.push(label + ' ran: ' + (capability(r) || typeof r));
  } catch (e) {
    // A SyntaxError from the vetter; an EvalError where the CSP alone stops a real eval.
    if (e instanceof SyntaxError || e instanceof EvalError) notes.push(label + ': ' + e.message.slice(0, 60));
    else hits.push(label + ' threw ' + e.name + ', not a SyntaxError: ' + e.message);
  }
}
// Each may run, but must reach nothing.
function harmless(label, make) {
  try {
    var r = make();
    if (capability(r)) hits.push(label + ' -> ' + capability(r));
    else notes.push(label + ' -> ' + (r === globalThis ? 'the sandbox global' : typeof r));
  } catch (e) {
    notes.push(label + ' threw ' + e.name);
  }
}
try {
  if (typeof ev !== 'function') {
    __probe = { escaped: false, detail: 'no eval: ' + typeof ev };
  } else {
    refused('direct eval inside', 'eval("this")');
    refused('parenthesized direct eval inside', '(eval)("this")');
    refused('with in strict code', '"use strict"; with ({}) this');
    refused('dynamic import', 'import("data:text/javascript,postMessage(1)")');
    refused('reserved scope', '__paranoid_scope__');
    refused('reserved runtime', '__paranoid_rt__.evalValue(1)');
    refused('escaped keyword', '\\u0074his');
    refused('closes early', '1 }); (function () { return this; })(); ({');
    refused('html comment', '<!-- x\nthis');
    refused('Function body closing early', 'Function("}); this; (function(){")');
    harmless('sloppy this', function () { return ev('(function () { return this; })()'); });
    harmless('this', function () { return ev('this'); });
    harmless('with', function () { return ev('with ({}) this'); });
    harmless('with a proxy', function () { return ev('with (new Proxy({}, { has: function () { return true; } })) this'); });
    harmless('Function from the text', function () { return ev('Function("return this")()'); });
    harmless('hostile toString', function () { return ev({ toString: function () { return 'this'; } }); });
    harmless('new eval', function () { return new ev('this'); });
    harmless('Reflect.apply', function () { return Reflect.apply(ev, undefined, ['this']); });
    harmless('bound', function () { return ev.bind(null)('this'); });
    harmless('eval of eval', function () { return ev('(0, eval)("this")'); });
    __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') };
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
