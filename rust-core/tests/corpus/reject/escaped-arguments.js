// expect: escaped-keyword
function f() { return \u0061rguments; }
