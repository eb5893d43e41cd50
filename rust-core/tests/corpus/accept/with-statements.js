// why: `with` in sloppy code is rewritten into lookups on its object; nothing of it is left
// output-includes: __paranoid_rt__.withHas(__paranoid_with0__,"a")?__paranoid_with0__.a:__paranoid_scope__.a
// output-includes: __paranoid_rt__.withThis(
// output-includes: const __paranoid_outer1__={get __p(){return __p;},set __p(__paranoid_value__){__p=__paranoid_value__;}}
// output-excludes: with(
// output-excludes: with (
var o = { a: 1, f: function () { return this; } };
with (o) { a; f(); a = 2; var b = a; }
function render(obj) {
  var __p = '';
  with (obj) { __p += name; }
  return __p;
}
