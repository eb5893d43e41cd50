#!/usr/bin/env node
// level: es2023
// why: a hashbang is ES2023 syntax
var x = 1;
