// fidelity: underscore templates compiled through the Function constructor: escape, interpolate, evaluate, a custom variable and custom settings
// prelude: node_modules/underscore/underscore-umd.js
// expect: native
var __result = (function () {
  var list = _.template('<% _.each(data.people, function (name) { %><li><%- name %></li><% }); %>', { variable: 'data' });
  var hello = _.template('hello: <%= d.name %> (<%= d.n + 1 %>)', { variable: 'd' });
  var mustache = _.template('Hello {{ o.name }}!', { variable: 'o', interpolate: /\{\{(.+?)\}\}/g });
  return {
    list: list({ people: ['moe', '<curly>', 'larry & co'] }),
    hello: hello({ name: 'moe', n: 41 }),
    mustache: mustache({ name: 'Mustache' }),
    source: typeof list.source,
  };
})();
