// fidelity: diff (jsdiff): word, line and character diffs, and a unified patch applied back
// prelude: node_modules/diff/dist/diff.js
// expect: native
var __result = (function () {
  var a = 'one\ntwo\nthree\n';
  var b = 'one\n2\nthree\nfour\n';
  var patch = Diff.createPatch('f.txt', a, b, 'old', 'new');
  return {
    words: Diff.diffWords('the quick fox', 'the slow fox').map(function (p) { return [p.added ? '+' : p.removed ? '-' : '=', p.value]; }),
    lines: Diff.diffLines(a, b).length,
    chars: Diff.diffChars('kitten', 'sitting').filter(function (p) { return p.added || p.removed; }).length,
    applied: Diff.applyPatch(a, patch) === b,
  };
})();
