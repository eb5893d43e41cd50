// expect: syntax-error
for (var x = 1 in o) {}
