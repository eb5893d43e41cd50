// fidelity: script 2 of lexical-across-scripts: updates the shared let and reads the const and the class
shared += 1;
var seenInTwo = [typeof shared, shared, K, new Shape().area(), typeof Shape];
