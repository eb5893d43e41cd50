// fidelity: dayjs (date library): parsing, arithmetic, formatting and differences on fixed dates
// prelude: node_modules/dayjs/dayjs.min.js
// expect: native
var __result = (function () {
  var d = dayjs('2024-02-28T10:30:00.000Z');
  return {
    added: d.add(2, 'day').toISOString(),
    month: d.subtract(1, 'month').toISOString(),
    diff: dayjs('2024-03-10T00:00:00.000Z').diff(d, 'hour'),
    valid: dayjs('not a date').isValid(),
    unix: d.unix(),
    leap: d.add(1, 'day').toISOString(),
  };
})();
