// expect: syntax-error
let x: number = 1;
