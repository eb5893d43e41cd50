// why: an optional call of eval is never a direct eval (ECMA-262 §13.3.6.1)
// output-includes: __paranoid_scope__.eval)?.(1)
eval?.(1);
