// fidelity: timer callbacks are called with this === undefined (a browser passes the global; the sandbox passes undefined)
// expect: {"timeout":"undefined","interval":"undefined","strictTimeout":"undefined"}
var __result;
const seen = {};
setTimeout(function () { seen.timeout = typeof this; }, 0);
const id = setInterval(function () { seen.interval = typeof this; clearInterval(id); }, 1);
setTimeout(function () { 'use strict'; seen.strictTimeout = typeof this; __result = seen; }, 5);
