// expect: syntax-error
function f(a = 1) { "use strict"; }
