// fidelity: numeral (number formatting): thousands, currency, percentages, bytes, and parsing back
// prelude: node_modules/numeral/numeral.js
// expect: native
var __result = [numeral(1234567.891).format('0,0.00'), numeral(-0.1234).format('0.0%'), numeral(1536).format('0.0 b'), numeral(1000).format('$0.0a'), numeral('1.2k').value(), numeral(7).format('0o')];
