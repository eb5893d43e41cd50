// expect: syntax-error
// why: a top-level name declared twice is an early error: nothing of the script may run (fuzz finding)
globalThis.result = 1;
let x;
let x;
