// expect: above-level
// construct: OptionalCatchBinding
// level: es2018
try { f(); } catch { g(); }
