// fidelity: setTimeout and setInterval pass their extra arguments to the callback
// expect: {"timeout":["a",2,null],"interval":[true,"x"]}
var __result;
const got = {};
setTimeout((a, b, c) => { got.timeout = [a, b, c]; }, 5, 'a', 2, null);
const id = setInterval((flag, s) => { got.interval = [flag, s]; clearInterval(id); }, 5, true, 'x');
setTimeout(() => { __result = got; }, 10);
