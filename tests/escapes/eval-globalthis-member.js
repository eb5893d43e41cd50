// probe: globalThis.eval / self.eval / window.eval as a property (the name eval never appears as a binding)
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: a property read of the global reaches the worker's eval if the stand-in or the scrub missed it.
var __probe;
function capability(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return '';
  var names = ['importScripts', 'postMessage', 'fetch', 'XMLHttpRequest', 'WebSocket', '__paranoid_scope__'];
  for (var i = 0; i < names.length; i++) {
    try { if (names[i] in v) return names[i]; } catch (e) { /* a throwing trap is no capability */ }
  }
  return '';
}
// The sandbox's eval is a stand-in that vets and transpiles its text like any script: it may
// run `1 + 1`. An eval that runs text nobody vetted is caught by what only unvetted text can do
// (name the transpiler's reserved names, bound on the worker's real global), and one that gives
// the real global by what `this` holds.
function unvetted(ev) {
  var found = [];
  var names = ['__paranoid_scope__', '__paranoid_rt__', '__paranoid_global__'];
  for (var i = 0; i < names.length; i++) {
    try { ev(names[i]); found.push(names[i] + ' was reachable'); } catch (e) { if (!(e instanceof SyntaxError)) found.push(names[i] + ': ' + e); }
  }
  try { if (ev('typeof importScripts') !== 'undefined') found.push('importScripts is there'); } catch (e) { found.push('typeof threw ' + e); }
  return found.join(', ');
}
function judge(label, ev) {
  try {
    if (typeof ev !== 'function') { __probe = { escaped: false, detail: label + ': no eval function (' + typeof ev + ')' }; return; }
    var sum = ev('1 + 1');
    var g = ev('this');
    var reached = unvetted(ev);
    __probe = { escaped: capability(g) !== '' || reached !== '', detail: label + ': eval ran, 1 + 1 = ' + sum + ', this has ' + (capability(g) || 'nothing') + '; ' + (reached || 'reserved names refused as syntax') };
  } catch (e) {
    __probe = { escaped: false, detail: label + ' threw: ' + e };
  }
}
var found;
try { found = globalThis.eval || self.eval || window.eval; } catch (e) { found = undefined; }
judge('globalThis.eval', found);
