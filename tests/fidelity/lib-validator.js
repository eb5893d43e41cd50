// fidelity: validator (string validation and sanitising): emails, URLs, UUIDs, numbers, escaping
// prelude: node_modules/validator/validator.js
// expect: native
var __result = [
  validator.isEmail('a.b+c@example.co.uk'), validator.isEmail('nope@'), validator.isURL('https://example.com/x?y=1'),
  validator.isUUID('123e4567-e89b-42d3-a456-426614174000'), validator.isInt('-12'), validator.isFloat('1e3'),
  validator.escape('<a href="x">&</a>'), validator.normalizeEmail('Foo.Bar@GMail.com'), validator.isIP('192.168.1.256'),
];
