// level: es2021
a &&= b;
a ||= b;
a ??= b;
var n = 1_000_000.000_1, big = 1_000n, hex = 0xff_ff;
