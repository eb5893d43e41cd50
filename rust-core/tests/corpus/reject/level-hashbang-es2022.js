#!/usr/bin/env node
// expect: above-level
// construct: Hashbang
// level: es2022
var x = 1;
