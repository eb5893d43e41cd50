// construct: LineSeparatorInString
// expect: above-level
// level: es2018
// why: an unescaped U+2028 in a string literal is ES2019 (JSON superset); before, it ended the line
var s = "a b";
