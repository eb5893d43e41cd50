// level: es5
"use strict";
function f() { "use strict"; return this; }
