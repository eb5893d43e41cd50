// expect: escaped-keyword
for (var x \u006ff y) {}
