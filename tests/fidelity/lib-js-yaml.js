// fidelity: js-yaml (a YAML parser): mappings, sequences, anchors and multi-line strings, and dumping back
// prelude: node_modules/js-yaml/dist/browser/js-yaml.umd.min.js
// expect: native
var __result = (function () {
  var doc = jsyaml.load('base: &b\n  x: 1\nderived:\n  <<: *b\n  y: [a, b]\ntext: |\n  line one\n  line two\nn: 0x1F\n');
  return { doc: doc, dumped: jsyaml.dump({ a: [1, { b: 'c' }], s: 'multi\nline' }) };
})();
