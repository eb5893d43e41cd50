// fidelity: ramda (functional utilities): currying, composition, lenses, grouping and sorting
// prelude: node_modules/ramda/dist/ramda.js
// expect: native
var __result = (function () {
  var people = [{ name: 'ann', age: 31, team: 'a' }, { name: 'bob', age: 25, team: 'b' }, { name: 'cy', age: 40, team: 'a' }];
  var older = R.pipe(R.filter(R.propSatisfies(R.lt(26), 'age')), R.map(R.prop('name')));
  var ageLens = R.lensProp('age');
  return {
    older: older(people),
    grouped: R.map(R.length, R.groupBy(R.prop('team'), people)),
    sorted: R.pluck('name', R.sortWith([R.descend(R.prop('age'))], people)),
    over: R.over(ageLens, R.inc, people[0]),
    curried: R.add(2)(3),
  };
})();
