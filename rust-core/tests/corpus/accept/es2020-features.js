// level: es2020
var a = o?.b?.[c]?.(d);
var b = x ?? y;
var n = 10n, h = 0xffn;
