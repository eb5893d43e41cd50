// fidelity: var and function declarations of one script are globals for the next scripts; a later script's declarations are hoisted before its first statement
var counter = 1;
var early = typeof laterFn;
function laterFn() { return 'from script 1'; }
function onlyInOne() { return 'one'; }
