// fidelity: rxjs (reactive streams): synchronous pipelines of map, filter, scan, take and combine
// prelude: node_modules/rxjs/dist/bundles/rxjs.umd.js
// expect: native
var __result = (function () {
  var out = [];
  var op = rxjs.operators;
  rxjs.range(1, 10).pipe(op.filter(function (x) { return x % 2; }), op.map(function (x) { return x * x; }), op.scan(function (a, x) { return a + x; }, 0), op.take(4)).subscribe(function (v) { out.push(v); });
  var combined = [];
  rxjs.combineLatest([rxjs.of(1, 2), rxjs.of('a')]).subscribe(function (v) { combined.push(v.join('')); });
  var subject = new rxjs.BehaviorSubject(0);
  var seen = [];
  subject.pipe(op.distinctUntilChanged()).subscribe(function (v) { seen.push(v); });
  subject.next(0); subject.next(5); subject.next(5);
  return { out: out, combined: combined, seen: seen };
})();
