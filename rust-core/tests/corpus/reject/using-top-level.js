// expect: syntax-error
// level: es2026
// why: a script's top level may not hold a `using` declaration (it would become a global)
using x = f();
