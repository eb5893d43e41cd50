// expect: syntax-error
// at: 4:28
// why: Annex B.3.4 allows a `var` of a catch parameter only when the parameter is a plain name
try {} catch ({ e }) { var e; }
