// fidelity: lodash (loaded first as a classic script) called 20 ways: collections, arrays, objects, strings, functions, chaining and deep equality/cloning
// prelude: node_modules/lodash/lodash.js
// expect: native
var __result = (function () {
  var users = [{ user: 'barney', age: 36, active: true }, { user: 'fred', age: 40, active: false }, { user: 'pebbles', age: 1, active: true }];
  var calls = 0;
  var memo = _.memoize(function (n) { calls++; return n * n; });
  memo(4); memo(4); memo(5);
  var source = { a: [{ b: 2 }, { d: 4 }], when: new Date(0) };
  var copy = _.cloneDeep(source);
  return {
    version: _.VERSION,
    chunk: _.chunk(['a', 'b', 'c', 'd', 'e'], 2),
    compactFlatten: [_.compact([0, 1, false, 2, '', 3]), _.flattenDeep([1, [2, [3, [4]], 5]])],
    sortBy: _.map(_.sortBy(users, ['age']), 'user'),
    orderBy: _.map(_.orderBy(users, ['active', 'age'], ['desc', 'asc']), 'user'),
    groupBy: _.groupBy([6.1, 4.2, 6.3], Math.floor),
    keyByCount: [_.keyBy(users, 'user').fred.age, _.countBy(users, 'active')],
    partition: _.partition(users, 'active').map(function (g) { return _.map(g, 'user'); }),
    filterFind: [_.map(_.filter(users, { active: true }), 'user'), _.find(users, function (o) { return o.age < 40; }).user, _.findLast(users, 'active').user],
    sets: [_.union([2], [1, 2]), _.intersection([2, 1], [2, 3]), _.difference([2, 1], [2, 3]), _.xor([2, 1], [2, 3]), _.uniqBy([2.1, 1.2, 2.3], Math.floor)],
    zip: [_.zip(['a', 'b'], [1, 2]), _.zipObject(['a', 'b'], [1, 2]), _.fromPairs([['x', 1]])],
    paths: (function () { var o = { a: [{ b: { c: 3 } }] }; _.set(o, 'x[0].y', 5); return [_.get(o, 'a[0].b.c'), _.get(o, 'a.0.b.c'), _.has(o, 'a[0].b'), o.x, _.get(o, 'no.such', 'dflt')]; })(),
    merge: _.merge({ a: [{ b: 2 }, { d: 4 }] }, { a: [{ c: 3 }, { e: 5 }] }),
    defaultsDeep: _.defaultsDeep({ a: { b: 2 } }, { a: { b: 1, c: 3 } }),
    pickOmit: [_.pick({ a: 1, b: '2', c: 3 }, ['a', 'c']), _.omit({ a: 1, b: '2', c: 3 }, ['a', 'c']), _.pickBy({ a: 1, b: null, c: 3 }, _.isNumber), _.mapValues({ a: 1, b: 2 }, function (n) { return n * 3; })],
    strings: [_.camelCase('Foo Bar'), _.kebabCase('fooBar'), _.snakeCase('Foo Bar'), _.startCase('--foo-bar--'), _.capitalize('FRED'), _.pad('abc', 8, '_-'), _.truncate('hi-diddly-ho there, neighborino', { length: 24, separator: ' ' }), _.words('fred, barney, & pebbles'), _.escape('<a & "b">'), _.deburr('déjà vu')],
    functions: [_.curry(function (a, b, c) { return [a, b, c]; })(1)(2)(3), _.partial(function (a, b) { return a - b; }, 10)(3), _.flow([_.add, function (n) { return n * n; }])(1, 2), _.negate(_.isNaN)(1), _.times(3, String), memo(4), calls],
    chain: _.chain(users).filter('active').map(function (o) { return o.user + ' is ' + o.age; }).head().value(),
    wrapped: _([1, 2, 3]).map(function (n) { return n * n; }).sum(),
    equalClone: [_.isEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), _.isEqual(NaN, NaN), copy.a[0] !== source.a[0], copy.when.getTime(), _.isEqual(copy, source)],
    math: [_.sum([4, 2, 8, 6]), _.meanBy([{ n: 4 }, { n: 2 }], 'n'), _.maxBy(users, 'age').user, _.clamp(-10, -5, 5), _.inRange(3, 2, 4), _.range(0, 20, 5), _.round(4.006, 2)],
    types: [_.isPlainObject({}), _.isPlainObject(Object.create(null)), _.isArrayLike('abc'), _.isFunction(class {}), _.isTypedArray(new Uint8Array(2)), _.isEmpty({}), _.isNil(undefined), _.toPath('a[0].b.c')],
  };
})();
