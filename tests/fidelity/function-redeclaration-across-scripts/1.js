// fidelity: a later script's function declaration replaces an earlier one (and a var without initialiser keeps it), and closures of script 1 see the new binding
function greet() { return 'hello v1'; }
var callGreetLater = function () { return greet(); };
var keep = 'kept';
