// fidelity: underscore (loaded first as a classic script) called 20 ways: collections, arrays, objects, functions, chaining and utilities
// prelude: node_modules/underscore/underscore-umd.js
// expect: native
var __result = (function () {
  var stooges = [{ name: 'moe', age: 40 }, { name: 'larry', age: 50 }, { name: 'curly', age: 60 }];
  var calls = 0;
  var once = _.once(function () { return ++calls; });
  once(); once();
  var memo = _.memoize(function (n) { calls++; return n + 1; });
  memo(1); memo(1);
  return {
    version: _.VERSION,
    map: [_.map([1, 2, 3], function (n) { return n * 3; }), _.map({ one: 1, two: 2 }, function (v, k) { return k + v; })],
    reduce: [_.reduce([1, 2, 3], function (m, n) { return m + n; }, 0), _.reduceRight([[0, 1], [2, 3]], function (a, b) { return a.concat(b); }, [])],
    findFilter: [_.find([1, 2, 3, 4], function (n) { return n % 2 === 0; }), _.filter([1, 2, 3, 4, 5, 6], function (n) { return n % 2 === 0; }), _.reject([1, 2, 3], function (n) { return n > 1; }), _.where(stooges, { age: 50 }).length, _.findWhere(stooges, { name: 'curly' }).age],
    pluckMax: [_.pluck(stooges, 'name'), _.max(stooges, function (s) { return s.age; }).name, _.min([10, 5, 100])],
    sortGroup: [_.pluck(_.sortBy(stooges, function (s) { return -s.age; }), 'name'), _.groupBy(['one', 'two', 'three'], 'length'), _.indexBy(stooges, 'age')[40].name, _.countBy([1, 2, 3, 4, 5], function (n) { return n % 2 === 0 ? 'even' : 'odd'; })],
    arrays: [_.first([5, 4, 3], 2), _.last([5, 4, 3]), _.initial([5, 4, 3]), _.rest([5, 4, 3]), _.compact([0, 1, false, 2]), _.flatten([1, [2], [3, [[4]]]]), _.flatten([1, [2], [3, [[4]]]], true), _.without([1, 2, 1, 0, 3], 0, 1)],
    sets: [_.union([1, 2, 3], [101, 2, 1, 10]), _.intersection([1, 2, 3], [101, 2, 1, 10]), _.difference([1, 2, 3, 4, 5], [5, 2, 10]), _.uniq([1, 2, 1, 4, 1, 3])],
    zipObject: [_.zip(['moe', 'larry'], [30, 40]), _.unzip([['moe', 30], ['larry', 40]]), _.object(['moe', 'larry'], [30, 40]), _.chunk([1, 2, 3, 4, 5], 2)],
    ranges: [_.range(5), _.range(0, 30, 10), _.range(0, -4, -1), _.sortedIndex([10, 20, 30, 40], 35), _.indexOf([1, 2, 3], 2), _.lastIndexOf([1, 2, 3, 1], 1)],
    objects: [_.keys({ one: 1, two: 2 }), _.values({ one: 1, two: 2 }), _.pairs({ one: 1 }), _.invert({ a: 'x' }), _.mapObject({ a: 1, b: 2 }, function (v) { return v * 5; }), _.pick({ a: 1, b: 2, c: 3 }, 'a', 'c'), _.omit({ a: 1, b: 2 }, 'b')],
    extend: [_.extend({ name: 'moe' }, { age: 50 }), _.defaults({ flavor: 'chocolate' }, { flavor: 'vanilla', sprinkles: 'lots' }), _.extendOwn({}, Object.create({ inherited: 1 }))],
    predicates: [_.isEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), _.isMatch({ name: 'moe', age: 32 }, { age: 32 }), _.isEmpty([]), _.isArray([]), _.isObject(function () {}), _.isArguments((function () { return arguments; })()), _.isFunction(Map), _.isString('x'), _.isNaN(NaN), _.isNull(null), _.isUndefined(undefined), _.has({ a: 1 }, 'a')],
    functions: [_.partial(function (a, b) { return a - b; }, 10)(3), _.compose(function (x) { return x + 1; }, function (x) { return x * 2; })(5), _.negate(function () { return true; })(), once(), memo(1), calls, _.times(3, function (n) { return n * n; })],
    bound: _.bind(function (greeting) { return greeting + ': ' + this.name; }, { name: 'moe' }, 'hi')(),
    chain: _.chain(stooges).sortBy('age').map(function (s) { return s.name + ' is ' + s.age; }).first().value(),
    wrapped: _([1, 2, 3]).map(function (n) { return n * 2; }),
    utilities: [_.escape('Curly, Larry & Moe'), _.unescape('&lt;b&gt;'), _.identity(7), _.constant('k')(), _.property(['a', 'b'])({ a: { b: 'deep' } }), _.result({ f: function () { return this.v; }, v: 3 }, 'f'), _.size({ one: 1, two: 2, three: 3 })],
    collections: [_.every([2, 4, 5], function (n) { return n % 2 === 0; }), _.some([null, 0, 'yes', false]), _.contains([1, 2, 3], 3), _.invoke([[5, 1, 7], [3, 2, 1]], 'sort'), _.toArray({ a: 1, b: 2 }), _.partition([0, 1, 2, 3, 4, 5], function (n) { return n % 2 === 1; })],
  };
})();
