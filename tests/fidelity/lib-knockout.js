// fidelity: knockout (reactive observables, outside the DOM): observables, computeds, subscriptions and observable arrays; knockout finds the global through `(0, eval)('this')`-style code at load
// prelude: node_modules/knockout/build/output/knockout-latest.debug.js
// expect: native
var __result = (function () {
  var first = ko.observable('Ann');
  var last = ko.observable('Lee');
  var full = ko.pureComputed(function () { return first() + ' ' + last(); });
  var seen = [];
  full.subscribe(function (v) { seen.push(v); });
  first('Bo');
  last('Ng');
  var list = ko.observableArray([3, 1]);
  list.push(2);
  list.sort();
  return { full: full(), seen: seen, list: list(), json: ko.toJSON({ a: first, b: list }) };
})();
