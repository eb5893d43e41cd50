// why: strings that are not a "use strict" directive leave the code sloppy, so `with` stays allowed
// output-includes: __paranoid_rt__.withObject(
var s = 'use strict';
function f() { ('use strict'); with (s) { length; } }
function g() { 'use\x20strict'; with (s) { length; } }
function h() { var x; 'use strict'; with (s) { length; } }
