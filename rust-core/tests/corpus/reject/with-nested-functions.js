// expect: with-statement
// at: 6:5
// why: `with` deep inside functions is still found, at its own position
function a() {
  function b() {
    with (o) { x; }
  }
}
