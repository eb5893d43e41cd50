// expect: syntax-error
export var x = 1;
