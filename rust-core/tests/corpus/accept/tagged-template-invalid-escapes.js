// level: es2018
// why: tagged templates may hold escapes that are invalid elsewhere (ES2018); their cooked value is undefined
tag`\unicode and \u{55} and \xg and \01`;
String.raw`C:\new\u`;
