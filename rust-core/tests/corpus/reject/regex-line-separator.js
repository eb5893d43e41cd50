// expect: syntax-error
// at: 4:9
// why: a line terminator cannot stand in a regular expression literal; the engine refuses this script, and swc reads it
var r = /a b/;
