// output-includes: typeof __paranoid_scope__.eval
typeof eval;
