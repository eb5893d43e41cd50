// expect: with-statement
// at: 5:1
// why: `with` in strict code (here a script's directive) is an early error in every engine
'use strict';
with (o) { x; }
