// fidelity: decimal.js (arbitrary-precision decimals): arithmetic, precision, rounding, powers and roots
// prelude: node_modules/decimal.js/decimal.js
// expect: native
var __result = (function () {
  var D = Decimal.clone({ precision: 40 });
  return [
    new D('0.1').plus('0.2').toString(),
    new D(2).sqrt().toString(),
    new D('1e-30').times('3.3333').toExponential(),
    new D(10).pow(25).minus(1).toFixed(),
    new D('123.456').toDecimalPlaces(1, Decimal.ROUND_HALF_EVEN).toString(),
    D.exp(1).toSignificantDigits(20).toString(),
  ];
})();
