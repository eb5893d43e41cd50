// fidelity: moment (date library): UTC parsing, formatting, durations and calendar arithmetic
// prelude: node_modules/moment/moment.js
// expect: native
var __result = (function () {
  var m = moment.utc('2023-12-31T23:15:00Z');
  return {
    format: m.format('YYYY-MM-DD HH:mm dddd'),
    next: m.clone().add(1, 'month').format('YYYY-MM-DD'),
    startOf: m.clone().startOf('isoWeek').format(),
    duration: moment.duration(90061, 'seconds').humanize(),
    diff: moment.utc('2024-03-01').diff(m, 'days'),
    strict: moment.utc('2024-02-30', 'YYYY-MM-DD', true).isValid(),
  };
})();
