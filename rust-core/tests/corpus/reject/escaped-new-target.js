// expect: escaped-keyword
function F() { return new.t\u0061rget; }
