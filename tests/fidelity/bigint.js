// fidelity: BigInt arithmetic, comparisons, BigInt.asIntN/asUintN, mixing errors, and string conversion (results as strings)
// expect: {"pow":"18446744073709551616","mul":"370370367037037036703703703670","div":"3","mod":"-1","shift":"1267650600228229401496703205376","neg":"-9223372036854775808","asInt":"-1","asUint":"255","compare":[true,true,false,"bigint"],"mixError":"TypeError","parse":"31","hex":"ff","fromNumber":"9007199254740993","typed":"-1"}
var __result;
__result = (function () {
  var big = 2n ** 64n;
  var mixError;
  try { big + 1; mixError = 'no error'; } catch (e) { mixError = e.name; }
  return {
    pow: String(big), mul: String(123456789012345678901234567890n * 3n), div: String(7n / 2n), mod: String(-7n % 3n),
    shift: String(1n << 100n), neg: String(-(2n ** 63n)),
    asInt: String(BigInt.asIntN(8, 255n)), asUint: String(BigInt.asUintN(8, -1n)),
    compare: [10n > 9, 10n == 10, 10n === 10, typeof 1n], mixError: mixError,
    parse: String(BigInt('0x1f')), hex: (255n).toString(16), fromNumber: String(BigInt(Number.MAX_SAFE_INTEGER) + 2n),
    typed: String(new BigInt64Array([-1n])[0]),
  };
})();
