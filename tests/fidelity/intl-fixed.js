// fidelity: Intl with explicit inputs only: number formatting (en-US grouping, currency, percent), plural rules, list and collation, a DateTimeFormat of a fixed instant in UTC
// expect: {"number":"1,234,567.891","currency":"$12.50","percent":"26%","plural":["one","other"],"sorted":["a","b","C"],"date":"01/02/2020","isoParts":"03:04"}
var __result;
__result = (function () {
  var fixed = Date.UTC(2020, 0, 2, 3, 4, 5);
  return {
    number: new Intl.NumberFormat('en-US').format(1234567.891),
    currency: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(12.5),
    percent: new Intl.NumberFormat('en-US', { style: 'percent' }).format(0.256),
    plural: [1, 2].map(function (n) { return new Intl.PluralRules('en-US').select(n); }),
    sorted: ['b', 'a', 'C'].sort(new Intl.Collator('en').compare),
    date: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(fixed),
    isoParts: new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).formatToParts(fixed).map(function (p) { return p.value; }).join(''),
  };
})();
