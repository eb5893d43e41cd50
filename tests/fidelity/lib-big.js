// fidelity: big.js (decimal arithmetic): sums that floats get wrong, division places, comparisons
// prelude: node_modules/big.js/big.js
// expect: native
var __result = (function () {
  Big.DP = 30;
  return [new Big('0.1').plus('0.2').toString(), new Big(1).div(3).toString(), new Big('1e21').times(3).toFixed(), new Big('2.5').round(0, Big.roundHalfEven).toString(), new Big('3').cmp('2.9999')];
})();
