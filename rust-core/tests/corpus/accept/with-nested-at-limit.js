// why: eight `with` statements inside one another are allowed
// output-includes: __paranoid_with7__
with (a) with (a) with (a) with (a) with (a) with (a) with (a) with (a) x;
