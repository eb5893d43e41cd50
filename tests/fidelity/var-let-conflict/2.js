// fidelity: script 2 of var-let-conflict: `var taken` clashes with script 1's let, so none of this runs
var ran2 = true;
var taken = 'var from script 2';
