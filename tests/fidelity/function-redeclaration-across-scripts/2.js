// fidelity: script 2 of function-redeclaration-across-scripts: redeclares greet, redeclares keep without a value
var beforeRedeclare = greet();
function greet() { return 'hello v2'; }
var keep;
