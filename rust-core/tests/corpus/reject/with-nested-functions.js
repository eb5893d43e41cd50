// expect: with-statement
// at: 7:5
// why: `with` deep inside a function whose own directive makes it strict is still found
function a() {
  function b() {
    'use strict';
    with (o) { x; }
  }
}
