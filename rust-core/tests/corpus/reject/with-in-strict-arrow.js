// expect: with-statement
// at: 4:39
// why: an arrow whose body says "use strict" is strict, and so is what it encloses
var f = () => { 'use strict'; () => { with (o) {} }; };
