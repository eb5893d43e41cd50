// expect: above-level
// construct: UsingDeclaration
// level: es2025
// why: `using` is ES2026
{ using x = f(); }
