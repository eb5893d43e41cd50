// expect: too-deep
// at: 4:73
// why: each enclosing `with` adds a lookup to every captured name; nine is past the limit
with (a) with (a) with (a) with (a) with (a) with (a) with (a) with (a) with (a) x;
