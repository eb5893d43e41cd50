// fidelity: lodash templates compiled through the Function constructor: escaping, evaluation, interpolation, a custom variable name and imports
// prelude: node_modules/lodash/lodash.js
// expect: native
var __result = (function () {
  var list = _.template('<ul><% _.forEach(data.items, function (item) { %><li><%- item %></li><% }); %></ul>', { variable: 'data' });
  var interp = _.template('hello ${ d.user }! <%= d.n * 2 %>', { variable: 'd' });
  var imported = _.template('<%= jq.each(v.xs) %>', { variable: 'v', imports: { jq: { each: function (xs) { return xs.join('+'); } } } });
  var custom = _.template('{{ o.a }}-{{ o.b }}', { variable: 'o', interpolate: /{{([\s\S]+?)}}/g });
  return {
    list: list({ items: ['<a>', 'b & c'] }),
    interp: interp({ user: 'fred', n: 21 }),
    imported: imported({ xs: [1, 2, 3] }),
    custom: custom({ a: 1, b: 'two' }),
    sourceHasFunction: typeof list.source === 'string' && list.source.indexOf('function') >= 0,
  };
})();
