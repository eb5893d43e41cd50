// fidelity: JSON.stringify with replacer arrays and functions, indentation, toJSON, unicode escapes; JSON.parse with a reviver; a round trip
// expect: {"text":"{\"name\":\"x\",\"n\":1.5,\"list\":[1,\"two\",null,true],\"nested\":{\"deep\":{\"deeper\":[{}]}},\"date\":\"1970-01-01T00:00:00.000Z\",\"u\":\"\\ud800éé\"}","pretty":"{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ]\n}","picked":"{\"name\":\"x\",\"n\":1.5}","replaced":"{\"a\":100,\"b\":\"x\"}","revived":{"a":2,"b":{"c":3}},"roundTrip":[1,"two",null,true],"parseError":"SyntaxError"}
var __result;
__result = (function () {
  var data = { name: 'x', n: 1.5, list: [1, 'two', null, true], nested: { deep: { deeper: [{}] } }, skip: undefined, fn: function () {}, date: new Date(0), u: '\ud800é\u00e9' };
  var text = JSON.stringify(data);
  var pretty = JSON.stringify({ a: [1, { b: 2 }] }, null, 2);
  var picked = JSON.stringify(data, ['name', 'n']);
  var replaced = JSON.stringify({ a: 1, b: 'x' }, function (k, v) { return typeof v === 'number' ? v * 100 : v; });
  var revived = JSON.parse('{"a":1,"b":{"c":2}}', function (k, v) { return typeof v === 'number' ? v + 1 : v; });
  var parseError;
  try { JSON.parse('{bad}'); parseError = 'no error'; } catch (e) { parseError = e.name; }
  return { text: text, pretty: pretty, picked: picked, replaced: replaced, revived: revived, roundTrip: JSON.parse(text).list, parseError: parseError };
})();
