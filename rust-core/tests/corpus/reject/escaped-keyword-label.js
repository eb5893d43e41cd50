// expect: escaped-keyword
// why: a label is an Identifier, not an IdentifierName
\u0069f: 1;
