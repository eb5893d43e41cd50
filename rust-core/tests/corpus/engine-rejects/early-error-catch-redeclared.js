// expect: syntax-error
try {} catch (e) { let e; }
