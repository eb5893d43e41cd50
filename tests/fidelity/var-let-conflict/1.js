// fidelity: a let of one script blocks a var or function of the same name in a later script (SyntaxError, the whole later script is skipped)
let taken = 'let from script 1';
