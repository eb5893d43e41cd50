// fidelity: papaparse (CSV): parsing with a header row, quoted fields and dynamic typing, and unparsing
// prelude: node_modules/papaparse/papaparse.js
// expect: native
var __result = (function () {
  var parsed = Papa.parse('name,age,note\n"Smith, J",42,"said ""hi"""\nDoe,7,\n', { header: true, dynamicTyping: true, skipEmptyLines: true });
  return { data: parsed.data, fields: parsed.meta.fields, errors: parsed.errors.length, back: Papa.unparse(parsed.data) };
})();
