// expect: syntax-error
// why: a hashbang is only allowed as the very first thing in the script
var x = 1;
#!/usr/bin/env node
