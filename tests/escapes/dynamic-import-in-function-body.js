// probe: Function('return import("data:...")')() and the async function constructor with the same body
// category: dynamic-import
// applies: 1,2
// expect: stopped
// Why it could escape: the body string of a Function is vetted separately; an import() in it must be refused there too.
// note: not 3 alone: the AsyncFunction half reaches the real constructor through a prototype, which only layer 2 replaces.
var __probe;
var notes = [];
function settle(label, p) {
  return Promise.resolve(p).then(function (ns) {
    __probe = { escaped: true, detail: label + ' loaded a module: ' + (ns && ns.default) };
  }, function (e) { notes.push(label + ' rejected: ' + e); });
}
var pending = [];
try { pending.push(settle('Function body', Function('return import(' + JSON.stringify('data:text/javascript,export default typeof importScripts') + ')')())); } catch (e) { notes.push('Function threw ' + e.name + ': ' + e.message); }
try {
  var AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  pending.push(settle('async body', AsyncFunction('return await import(' + JSON.stringify('data:text/javascript,export default typeof importScripts') + ')')()));
} catch (e) { notes.push('AsyncFunction threw ' + e.name + ': ' + e.message); }
Promise.all(pending).then(function () {
  if (!__probe) __probe = { escaped: false, detail: notes.join('; ') };
});
