// expect: syntax-error
// at: 4:47
// why: the inner `var e` is allowed by the inner catch, but it also hoists out of the outer one
try {} catch ({ e }) { try {} catch (e) { var e = 1; } }
