// fidelity: lodash templates in their default form, which compiles each into `with (obj) { … }` inside a Function: interpolation, escaping, evaluation, `print`, imports, and a name the data lacks
// prelude: node_modules/lodash/lodash.js
// expect: native
var __result = (function () {
  var list = _.template('<ul><% _.forEach(items, function (item) { %><li><%- item %></li><% }); %></ul>');
  var hello = _.template('hello ${ user }! <%= n * 2 %> <% print(typeof missing, "/", typeof user) %>');
  var imported = _.template('<%= jq.each(xs) %>', { imports: { jq: { each: function (xs) { return xs.join('+'); } } } });
  var rows = _.template('<% for (var i = 0; i < rows.length; i++) { var row = rows[i]; %>[<%= i %>:<%= row.name %>]<% } %>');
  return {
    list: list({ items: ['<a>', 'b & c'] }),
    hello: hello({ user: 'fred', n: 21 }),
    imported: imported({ xs: [1, 2, 3] }),
    rows: rows({ rows: [{ name: 'a' }, { name: 'b' }] }),
    compiledWithWith: list.source.indexOf('with (') >= 0,
  };
})();
