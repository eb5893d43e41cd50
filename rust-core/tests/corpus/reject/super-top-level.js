// expect: syntax-error
super.x;
