// fidelity: script 2 of hoisting-across-scripts: reads script 1's globals, redeclares a var and a function, and uses its own hoisted names before their declarations
var beforeOwnVar = typeof ownVar + ':' + ownVar;
var beforeOwnFn = ownFn();
var sawLaterFnFirst = laterFn();
counter += 1;
var counter;
var ownVar = 'own';
function ownFn() { return 'hoisted in script 2'; }
function laterFn() { return 'from script 2'; }
