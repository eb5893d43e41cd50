// expect: syntax-error
// at: 8:1
var s = String;
/* Found by the transpile fuzz target (a longer run): swc 47 reaches an unreachable!() in
   parser/input.rs on a prefix operator, a line break, then an untagged template with an
   invalid escape. The pre-scan refuses it before the parser runs. */
~
`\u`;
