// expect: syntax-error
// why: Annex B sloppy-only
if (a) function f() {}
