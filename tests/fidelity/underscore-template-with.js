// fidelity: underscore templates in their default form (`with (obj || {})` inside a Function): loops, escaping, interpolation, `print`, and data that shadows an outer name
// prelude: node_modules/underscore/underscore-umd.js
// expect: native
var name = 'outer';
var __result = (function () {
  var list = _.template('<% _.each(people, function (name) { %><li><%- name %></li><% }); %>');
  var hello = _.template('hello: <%= name %> (<%= n + 1 %>) <% print(typeof nothing) %>');
  return {
    list: list({ people: ['moe', '<curly>', 'larry & co'] }),
    hello: hello({ name: 'moe', n: 41 }),
    emptyData: _.template('<%= typeof name %>')(),
    compiledWithWith: list.source.indexOf('with(') >= 0,
  };
})();
