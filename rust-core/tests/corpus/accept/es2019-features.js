// level: es2019
try { f(); } catch { g(); }
