// fidelity: script 3 of var-let-conflict: a function declaration with the same name clashes as well
var ran3 = true;
function taken() { return 'function from script 3'; }
