// output-excludes: é
// output-includes: caf\u00e9
var café = "é";
var ünïcödé = "😀";
