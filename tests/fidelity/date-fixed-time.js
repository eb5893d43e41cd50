// fidelity: Date with fixed timestamps only: UTC getters, toISOString, Date.UTC, Date.parse of ISO strings, arithmetic, invalid dates (nothing reads the current time)
// expect: {"iso":"2020-02-29T12:30:15.250Z","json":"{\"d\":\"2020-02-29T12:30:15.250Z\"}","parts":[2020,1,29,6,12,250],"utc":0,"parse":946684800000,"next":"2020-03-01T12:30:15.250Z","invalid":[true,"Invalid Date"],"epoch":"1970-01-01T00:00:00.000Z","diff":366,"utcString":"Sat, 29 Feb 2020 12:30:15 GMT"}
var __result;
__result = (function () {
  var d = new Date(Date.UTC(2020, 1, 29, 12, 30, 15, 250));
  var next = new Date(d.getTime());
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    iso: d.toISOString(), json: JSON.stringify({ d: d }), parts: [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMilliseconds()],
    utc: Date.UTC(1970, 0, 1), parse: Date.parse('2000-01-01T00:00:00.000Z'), next: next.toISOString(),
    invalid: [isNaN(new Date('nope')), String(new Date(NaN))], epoch: new Date(0).toISOString(), diff: (new Date(Date.UTC(2021, 0, 1)) - new Date(Date.UTC(2020, 0, 1))) / 86400000,
    utcString: d.toUTCString(),
  };
})();
