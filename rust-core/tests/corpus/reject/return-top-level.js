// expect: syntax-error
return 1;
