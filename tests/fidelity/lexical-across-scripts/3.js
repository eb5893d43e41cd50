// fidelity: script 3 of lexical-across-scripts: redeclares `shared` with let, a SyntaxError before any statement runs, so its var is never created and nothing of it runs
var ranThree = true;
shared = 100;
let shared = 99;
