// expect: above-level
// construct: UsingDeclaration
// level: es2025
// why: `await using` is ES2026 too
async function g() { await using x = f(); }
