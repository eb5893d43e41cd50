// fidelity: Temporal's date arithmetic, pure, where the engine has Temporal (both browsers tested do); and Temporal.Now reading the same instant as Date.now()
// expect: ["2024-03-01","P1M14D","2025-01-31T10:00:00","object",true,"Temporal.Now"]
var __result;
var d = Temporal.PlainDate.from('2024-02-15').add({ days: 15 });
var between = Temporal.PlainDate.from('2024-01-01').until('2024-02-15', { largestUnit: 'months' });
var dt = Temporal.PlainDateTime.from('2025-01-31T09:00').add({ hours: 1 });
__result = [
  d.toString(),
  between.toString(),
  dt.toString(),
  typeof Temporal.Now,
  Temporal.Now.instant().epochMilliseconds === Date.now(),
  Object.prototype.toString.call(Temporal.Now).slice(8, -1),
];
