// expect: syntax-error
// at: 4:16
// why: swc does not report it, and at the top level the rewrite would hide it (the `var` becomes a scope property)
{ let b; { var b; } }
