// fidelity: Math and Number: rounding, trigonometry at exact points, toFixed/toPrecision/toString(radix), parseInt/parseFloat edge cases, Number predicates, exponent operator
// expect: {"round":[3,-2,-4,-1,3,5,31,5.5],"trig":[0,1,true],"fixed":["1.00","123.5","11111111","1.2e-6","1e+21"],"parse":[8,26,12,3.14,null,0,12,null],"predicates":[true,false,false,true,true,true],"pow":[1024,-8,0.5],"float":[false,true],"minMax":["-Infinity","Infinity","NaN"],"negZero":[false,null]}
var __result;
__result = (function () {
  return {
    round: [Math.round(2.5), Math.round(-2.5), Math.trunc(-4.7), Math.sign(-3), Math.cbrt(27), Math.hypot(3, 4), Math.clz32(1), Math.fround(5.5)],
    trig: [Math.sin(0), Math.cos(0), Math.atan2(1, 1) === Math.PI / 4],
    fixed: [(1.005).toFixed(2), (123.456).toPrecision(4), (255).toString(2), (0.000001234).toExponential(1), (1e21).toString()],
    parse: [parseInt('08'), parseInt('0x1A'), parseInt('12px'), parseFloat('3.14abc'), parseInt(''), Number(''), Number('  12  '), Number('1_000')],
    predicates: [Number.isInteger(5.0), Number.isSafeInteger(2 ** 53), Number.isNaN('x'), isNaN('x'), Number.EPSILON > 0, isFinite('12')],
    pow: [2 ** 10, (-2) ** 3, 2 ** -1], float: [0.1 + 0.2 === 0.3, Math.abs(0.1 + 0.2 - 0.3) < Number.EPSILON],
    minMax: [Math.max(), Math.min(), Math.max(1, NaN)].map(String), negZero: [Object.is(-0, 0), 1 / -0],
  };
})();
